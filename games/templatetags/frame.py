"""``{% kept_in_process %}``: a part of the site's frame rendered once per process and kept.

    {% kept_in_process user.is_authenticated your_move.count %} ...
      {% fresh %}{% csrf_token %}{% endfresh %} ... {% endkept_in_process %}

The part between ``kept_in_process`` and ``endkept_in_process`` is rendered the first time it
is met for each key (the active language, the script prefix, and the values of the tag's
arguments) and kept in this process's memory (not in the shared cache, unlike ``games.kept``);
every later request with the same key gets the kept text. What belongs to the request (its
CSRF token, its path) goes in ``{% fresh %}`` ... ``{% endfresh %}``, rendered on every
request and put in its place (a fresh part is written in the kept part's own text, not
in a template it includes). So a kept part must show nothing but what its key holds and what
its fresh parts render: its (hashable) arguments name everything else it reads. No kept text
holds a CSRF token or anything of one person that is not in its key.

Kept in the template's own node, so a template loaded again (a new deploy, a new process, the
development server's reload) starts empty; after a changed setting (tests) every part is
rendered again.
"""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.base import Node, NodeList
from django.urls import get_script_prefix
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

# Between the kept text and a fresh part's number in a part being kept: never in the site's HTML.
_MARK = "\x00"
_KEEPING = "_kept_part_being_rendered"
# A kept part's keys are few (languages x logged in or not x a count of games); this bounds
# what an unusual count could add.
MOST_KEYS = 512

_settings_version = 0


@receiver(setting_changed, dispatch_uid="kept-frame-settings")
def _settings_changed(**kwargs) -> None:
    global _settings_version
    _settings_version += 1


def settings_version() -> int:
    """A number that changes with every changed setting (tests): a part of every key of what
    is kept in process, so that nothing kept under other settings is served."""
    return _settings_version


class FreshNode(Node):
    """Rendered on every request; inside a part being kept it leaves its mark instead."""

    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.number = 0  # its place among its kept part's fresh parts, set by KeptNode

    def render(self, context) -> str:
        if context.get(_KEEPING):
            return f"{_MARK}{self.number}{_MARK}"
        return self.nodelist.render(context)


class KeptNode(Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: NodeList, keys: list) -> None:
        self.nodelist = nodelist
        self.keys = keys
        self.fresh: list[FreshNode] = [
            node for node in nodelist.get_nodes_by_type(FreshNode) if isinstance(node, FreshNode)
        ]
        for number, node in enumerate(self.fresh):
            node.number = number
        # key -> the kept text split at the marks: text, a fresh part's number, text, ...
        self.kept: dict[tuple, list[str]] = {}

    def render(self, context) -> SafeString:
        key = (
            settings_version(),
            get_language(),
            get_script_prefix(),
            *(value.resolve(context) for value in self.keys),
        )
        pieces = self.kept.get(key)
        if pieces is None:
            pieces = self._keep(key, context)
        if len(pieces) == 1:
            return mark_safe(pieces[0])
        # Even pieces are kept text; odd ones name a fresh part, rendered for this request.
        return mark_safe(
            "".join(
                piece if index % 2 == 0 else self.fresh[int(piece)].nodelist.render(context)
                for index, piece in enumerate(pieces)
            )
        )

    def _keep(self, key: tuple, context) -> list[str]:
        with context.push({_KEEPING: True}):
            pieces = self.nodelist.render(context).split(_MARK)
        if len(self.kept) >= MOST_KEYS:
            self.kept.clear()
        self.kept[key] = pieces
        return pieces


@register.tag
def kept_in_process(parser, token) -> KeptNode:
    keys = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    nodelist = parser.parse(("endkept_in_process",))
    parser.delete_first_token()
    return KeptNode(nodelist, keys)


@register.tag
def fresh(parser, token) -> FreshNode:
    nodelist = parser.parse(("endfresh",))
    parser.delete_first_token()
    return FreshNode(nodelist)
