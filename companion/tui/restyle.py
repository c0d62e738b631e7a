"""A node's classes changed with only the widgets they style restyled.

Textual restyles a node and every node under it when a class of the node changes: the
whole stylesheet applied again to each of them, and again to a node made for each
component class of each (an option list has several, each key of the footer two). A
screen's size class, changed on a resize, so restyled every widget of the screen, though
a few rules name it. :func:`update_classes` sets the classes and restyles only the nodes
(the node and those under it) that a rule naming a changed class may style: the rule's
last selector is one of theirs, or one of their component classes. The others' styles
cannot change (no rule of theirs names the class), and Textual's own restyle of them
would find them unchanged.

That holds while the rules naming a class set what a widget's own box and layout are
(its size, display, border, padding...): those of its colours and text style, which
the widgets under it take up when they draw, would leave those widgets drawn with the
colours before. A rule naming a changed class that sets any other property restyles the
whole tree, as Textual does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.css.model import RuleSet, Selector, SelectorType
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

# What a rule naming a mode class may set for the restyle to leave the widgets under its
# node alone: their box and layout, not what they draw with (colours, text style,
# visibility, which Textual's widgets take from the nodes above them).
OWN = frozenset(
    {
        "align_horizontal",
        "align_vertical",
        "border_bottom",
        "border_left",
        "border_right",
        "border_top",
        "border_subtitle_align",
        "border_title_align",
        "box_sizing",
        "column_span",
        "content_align_horizontal",
        "content_align_vertical",
        "display",
        "dock",
        "height",
        "layer",
        "layout",
        "margin",
        "max_height",
        "max_width",
        "min_height",
        "min_width",
        "offset",
        "overflow_x",
        "overflow_y",
        "padding",
        "row_span",
        "scrollbar_gutter",
        "scrollbar_size_horizontal",
        "scrollbar_size_vertical",
        "text_align",
        "width",
    }
)

# The stylesheet's rules map the names were found in, and the names found for each set of
# changed classes (None: restyle the whole tree). The rules map is made again whenever the
# stylesheet's rules change (a widget's default CSS added), so the names are found again.
_found: tuple[object, dict[frozenset[str], frozenset[str] | None]] = (None, {})


def update_classes(node: DOMNode, classes: Mapping[str, bool], animate: bool = False) -> bool:
    """Add (True) and remove (False) ``node``'s ``classes`` at once, as
    ``DOMNode.update_classes`` does, restyling only the nodes a rule naming a changed class
    may style; whether any class changed (none: nothing is restyled)."""
    wanted = {name for name, on in classes.items() if on}
    unwanted = {name for name, on in classes.items() if not on}
    changed = frozenset(((node.classes | wanted) - unwanted) ^ node.classes)
    if not changed:
        return False
    node.update_classes(classes, update=False)
    if node.is_attached:  # else styled with its classes when it is mounted
        restyle(node.app.stylesheet, node, changed, animate)
    return True


def set_class(node: DOMNode, add: bool, *names: str) -> bool:
    """:func:`update_classes` for ``names``, all added or all removed."""
    return update_classes(node, dict.fromkeys(names, add))


def restyle(stylesheet: Stylesheet, root: DOMNode, changed: frozenset[str], animate: bool) -> None:
    """Restyle the nodes from ``root`` down that a rule naming a class of ``changed`` may
    style (every one of them when such a rule sets more than their own box)."""
    names = styled_names(stylesheet, changed)
    nodes: Iterable[DOMNode] = root.walk_children(with_self=True)
    if names is not None:
        nodes = [node for node in nodes if styled(node, names)]
    if nodes:
        stylesheet.update_nodes(nodes, animate=animate)


def styled(node: DOMNode, names: frozenset[str]) -> bool:
    """Whether a rule ending in one of ``names`` may style ``node`` or one of its
    component classes."""
    if not names.isdisjoint(node._selector_names):
        return True
    return any(f".{name}" in names for name in node._get_component_classes())


def styled_names(stylesheet: Stylesheet, changed: frozenset[str]) -> frozenset[str] | None:
    """The last selectors' names (a type, ``#id``, ``.class``, ``*``) of the rules that
    name a class of ``changed``; None when one of them sets more than a node's own box."""
    global _found
    rules_map = stylesheet.rules_map
    if _found[0] is not rules_map:
        _found = (rules_map, {})
    found = _found[1]
    if changed not in found:
        found[changed] = _names(stylesheet.rules, changed)
    return found[changed]


def _names(rules: Iterable[RuleSet], changed: frozenset[str]) -> frozenset[str] | None:
    """The last selectors' names of ``rules`` naming a class of ``changed`` (None: one sets
    more than a node's own box)."""
    names: set[str] = set()
    for rule in rules:
        if not any(
            not changed.isdisjoint(_classes(selector_set.selectors))
            for selector_set in rule.selector_set
        ):
            continue
        if not OWN.issuperset(rule.styles.get_rules()):
            return None
        names |= rule.selector_names
    return frozenset(names)


def _classes(selectors: Iterable[Selector]) -> set[str]:
    """The class names a selector chain names (``-phone`` in ``TableScreen.-phone #t-left``)."""
    return {selector.name for selector in selectors if selector.type == SelectorType.CLASS}


# The stylesheet's rules map, and for it: the last selectors' names of the rules with
# ``:focus`` before their last selector (``OptionList:focus > .option-list--option-highlighted``),
# and those of the rules with ``:focus`` in it that set more than a node's own box.
_focus_found: tuple[object, frozenset[str], frozenset[str]] = (None, frozenset(), frozenset())


def focus_changed(node: DOMNode) -> None:
    """Restyle ``node`` for the focus it took or lost (``:focus``), and the nodes under it
    only where a rule names ``:focus`` above them; the whole tree under it when a rule
    whose last selector may style it sets more than its own box (the nodes under it draw
    with it), as Textual's own ``watch_has_focus`` always does. A column that takes the
    focus to scroll restyled each panel in it, each move of the focus."""
    if not node.is_attached:
        return
    stylesheet = node.app.stylesheet
    above, coloured = _focus_names(stylesheet)
    if styled(node, coloured):
        stylesheet.update_nodes(node.walk_children(with_self=True), animate=True)
        return
    under = [child for child in node.walk_children() if styled(child, above)]
    stylesheet.update_nodes([node, *under], animate=True)


def _focus_names(stylesheet: Stylesheet) -> tuple[frozenset[str], frozenset[str]]:
    """The names :func:`focus_changed` reads, found again when the rules change."""
    global _focus_found
    rules_map = stylesheet.rules_map
    if _focus_found[0] is not rules_map:
        above: set[str] = set()
        coloured: set[str] = set()
        for rule in stylesheet.rules:
            for selector_set in rule.selector_set:
                *before, last = selector_set.selectors
                if any("focus" in selector.pseudo_classes for selector in before):
                    above |= rule.selector_names
                if "focus" in last.pseudo_classes and not OWN.issuperset(rule.styles.get_rules()):
                    coloured |= rule.selector_names
        _focus_found = (rules_map, frozenset(above), frozenset(coloured))
    return _focus_found[1], _focus_found[2]
