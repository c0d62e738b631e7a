"""The app's stylesheet: each CSS source parsed once a process (for the same theme).

Textual parses a widget class's CSS as it first mounts, and every source again whenever a
screen brings CSS of its own (``Stylesheet.reparse`` parses them into a new stylesheet,
its cache empty) or the theme changes: opening a game's table parsed the sources of the
home screen once more, and each app of a process (a test's, a served page's spare) all of
them again. Here the parsed rules are kept for the process, keyed by the source's text,
where it came from, how it is read and the theme's CSS variables; a source with errors is
never kept (it fails again, as Textual's does). A few themes' rules are kept, the oldest
dropped.
"""

from __future__ import annotations

from collections import OrderedDict

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

# The rules parsed, by the theme's variables, then by the source (its text, where it came
# from, whether defaults, its tie-breaker and scope).
RulesKey = tuple[str, CSSLocation, bool, int, str]
_parsed: OrderedDict[tuple[tuple[str, str], ...], dict[RulesKey, list[RuleSet]]] = OrderedDict()
KEPT_THEMES = 4  # the rules of this many sets of variables are kept (a theme's, the last ones)


def parsed_sources() -> int:
    """How many sources' rules are kept (for all themes)."""
    return sum(len(rules) for rules in _parsed.values())


class ParsedOnceStylesheet(Stylesheet):
    """Textual's stylesheet, each source's rules parsed once a process for the same
    variables (the ones of a theme). Textual's private parts used (``_parse_rules``,
    ``_variables`` and what ``reparse`` sets) are to check at a Textual upgrade
    (tests/ui/test_tui_css_parsed_once.py counts the parses)."""

    _variables_key: tuple[tuple[str, str], ...] | None = None

    def set_variables(self, variables: dict[str, str]) -> None:
        """Textual's; the rules kept for the new variables are used from now on."""
        super().set_variables(variables)
        self._variables_key = None

    def _kept(self) -> dict[RulesKey, list[RuleSet]]:
        """The rules kept for this stylesheet's variables (the most recent theme last)."""
        if self._variables_key is None:
            self._variables_key = tuple(sorted(self._variables.items()))
        key = self._variables_key
        kept = _parsed.get(key)
        if kept is None:
            kept = _parsed[key] = {}
            while len(_parsed) > KEPT_THEMES:
                _parsed.popitem(last=False)
        else:
            _parsed.move_to_end(key)
        return kept

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        """Textual's parse of ``css``, once a process for these variables."""
        kept = self._kept()
        key = (css, read_from, is_default_rules, tie_breaker, scope)
        rules = kept.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if not any(rule.errors for rule in rules):
                kept[key] = rules
        return rules

    def reparse(self) -> None:
        """Textual's: every source parsed into a new stylesheet, taken when it has no error;
        the new one of this class, so that what was parsed already is not parsed again."""
        fresh = type(self)(variables=self._variables)
        fresh._variables_key = self._variables_key
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            fresh.add_source(
                css,
                read_from=read_from,
                is_default_css=is_defaults,
                tie_breaker=tie_breaker,
                scope=scope,
            )
        try:
            fresh.parse()
        except Exception:
            self._invalid_css.update(fresh._invalid_css)  # not parsed again, as Textual's
            raise
        self._rules = fresh.rules
        self._rules_map = None
        self.source = fresh.source
        self._require_parse = False
