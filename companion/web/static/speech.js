// Shared by the `companion serve` page (templates/app_index.html, at /companion/speech.js)
// and the phone build (the same page; boot.js hands it the app's messages).
"use strict";

// The spoken moves: the app sends a step's lines ("companion_speak" messages on the
// websocket) and the page says them in order with the browser's speech synthesis,
// with stop and repeat (the buttons, top right, once something was said). Sound cues
// are short tones. Nothing leaves the page: the browser's own voices speak.
window.companionSpeech = (function () {
  const synth = window.speechSynthesis;
  let last = { lines: [], rate: null, lang: "" };
  let audio = null;
  const TONES = { draw: 880, shuffle: 440, penalty: 220, "game-end": 660 };
  function controls(shown) {
    const bar = document.getElementById("speech");
    if (bar) bar.classList.toggle("-shown", shown);
  }
  function say(lines, rate, lang) {
    if (!synth || !lines.length) return;
    synth.cancel();
    for (const line of lines) {
      const utterance = new SpeechSynthesisUtterance(line);
      if (lang) utterance.lang = lang;
      // The settings' words a minute; 175 is the browser's normal rate (1).
      if (rate) utterance.rate = Math.max(0.5, Math.min(2.5, rate / 175));
      synth.speak(utterance);
    }
    controls(true);
  }
  function tone(cue) {
    const pitch = TONES[cue];
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!pitch || !Context) return;
    try {
      audio = audio || new Context();
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = pitch;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.25);
    } catch (error) {}
  }
  return {
    receive(message) {
      if (!message) return;
      if (message.action === "stop") {
        if (synth) synth.cancel();
        return;
      }
      if (message.action !== "say") return;
      (message.cues || []).forEach(tone);
      const lines = (message.lines || []).filter((line) => typeof line === "string");
      if (!lines.length) return;
      last = { lines: lines, rate: message.rate, lang: message.lang };
      say(last.lines, last.rate, last.lang);
    },
    stop() {
      if (synth) synth.cancel();
    },
    repeat() {
      say(last.lines, last.rate, last.lang);
    },
  };
})();
