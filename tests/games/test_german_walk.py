"""No English on a German page: every page of a demo game of each kind that a player, its
referee and a spectator reach (home, lobby, the game page, the seat page, each round's report
and replay, the rules, My games, the referee's panel) and the game mail's text, read in German,
shows no text the catalogues translate.

The catalogues are the judge: a visible text (a text node, or a label a reader is given: a
button's value, ``title``, ``aria-label``, ``alt``, ``placeholder``) that is one of the English
messages whose German differs, with whatever fills its placeholders, is English left on a German
page: a name the site made up and stored in English ("Computer pilot 2", "demo's practice
flight"), a level shown by its code ("novice"), a word that missed its translation.
"""

import gettext
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from games import registry, resolution
from games.models import Game, Round
from joyride.services import practice_game_create
from tests.factories import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(settings.BASE_DIR)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
SHOWN_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
HIDDEN = ("script", "style", "template")


def _english_messages() -> list[tuple[str, re.Pattern]]:
    """Each English message of the German catalogues whose German differs by a word of its
    own (not a name or a code both languages write alike), as a pattern of a whole text."""
    found = []
    for mo in sorted(ROOT.glob("*/locale/de/LC_MESSAGES/django.mo")) + [
        ROOT / "locale/de/LC_MESSAGES/django.mo"
    ]:
        with mo.open("rb") as file:
            catalog = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
        for key, german in catalog.items():
            english = key[0] if isinstance(key, tuple) else key
            english = english.split("\x04")[-1]  # without its context
            if not english or german == english:
                continue
            own = set(re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub(" ", english)))
            if not own - set(re.findall(r"\w{3,}", PLACEHOLDER.sub(" ", german))):
                continue
            parts = [re.escape(part) for part in PLACEHOLDER.split(english)]
            pattern = re.compile(r"\s*" + "(.+?)".join(parts) + r"\s*", re.DOTALL)
            found.append((english, pattern))
    return found


class _Shown(HTMLParser):
    """The texts a reader of a page is shown, but for a part marked as in another language
    (``lang="en"``: the rules' column of the ranks' English titles)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.hidden = 0
        self.foreign: tuple[str, int] | None = None  # (its tag, how deep that tag is open)

    def handle_starttag(self, tag, attrs):
        shown = dict(attrs)
        if tag in HIDDEN:
            self.hidden += 1
        if self.foreign and tag == self.foreign[0]:
            self.foreign = (tag, self.foreign[1] + 1)
        elif not self.foreign and shown.get("lang", "de") != "de":
            self.foreign = (tag, 1)
        if self.hidden or self.foreign:
            return
        for name in SHOWN_ATTRIBUTES:
            if shown.get(name):
                self.texts.append(shown[name])
        if tag == "input" and shown.get("type") in ("submit", "button") and shown.get("value"):
            self.texts.append(shown["value"])

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden -= 1
        if self.foreign and tag == self.foreign[0]:
            depth = self.foreign[1] - 1
            self.foreign = (tag, depth) if depth else None

    def handle_data(self, data):
        if not self.hidden and not self.foreign and data.strip():
            self.texts.append(data)


def _shown_texts(html: str) -> list[str]:
    parser = _Shown()
    parser.feed(html)
    return [" ".join(text.split()) for text in parser.texts]


def _mail_texts(message) -> list[str]:
    lines = [message.subject, *message.body.splitlines()]
    pieces = [piece for line in lines for piece in re.split(r"(?<=[.:!?])\s+", line)]
    return [" ".join(text.split()) for text in lines + pieces if text.strip()]


def _english_in(texts: list[str], english: list[tuple[str, re.Pattern]]) -> list[str]:
    return sorted(
        {
            f"{text!r} (English: {message!r})"
            for text in texts
            for message, pattern in english
            if pattern.fullmatch(text)
        }
    )


def _play_rounds(game: Game, rounds: int, capture) -> None:
    """The game's open rounds resolved at their deadlines (the person's orders missed), so that
    it has reports, replays and mail to read."""
    for _ in range(rounds):
        rnd = Round.objects.filter(game=game, status=Round.Status.OPEN).first()
        if rnd is None:
            return
        with capture(execute=True):
            resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)


def _demo_games(demo) -> list[Game]:
    for rules in registry.all_games():
        rules.demo_setup(demo)
    practice_game_create(user=demo)  # joyride's demo is solo: its practice has a computer
    return list(Game.objects.filter(referee=demo).order_by("kind", "pk"))


def _pages_of(game: Game) -> list[str]:
    """The pages of a game a player, its referee and a spectator reach."""
    rules = game.rules
    published = Round.objects.filter(game=game, status=Round.Status.PUBLISHED)
    reports = [reverse("round_report", args=[game.pk, rnd.number]) for rnd in published]
    pages = [
        reverse("game", args=[game.pk]),
        rules.seat_url(game.pk, 0),
        reverse("referee_panel", args=[game.pk]),
        *reports,
        *(f"{url}?step={step}" for url in reports[:2] for step in (0, 1)),
    ]
    if rules.rules_url():
        pages.append(rules.rules_url())
    return pages


def test_every_page_and_mail_of_a_demo_game_of_each_kind_is_german(
    client, django_capture_on_commit_callbacks
):
    english = _english_messages()
    assert len(english) > 500  # the catalogues are read
    demo = make_user("demo", language="de")
    games = _demo_games(demo)
    assert {game.kind for game in games} == {rules.slug for rules in registry.all_games()}
    for game in games:
        _play_rounds(game, 3, django_capture_on_commit_callbacks)
    spectator = client.__class__()
    spectator.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    client.force_login(demo)
    found: dict[str, list[str]] = {}
    common = [reverse("home"), reverse("lobby"), reverse("my_games")]
    for url in common + [url for game in games for url in _pages_of(game)]:
        for reader in (client, spectator):
            response = reader.get(url, follow=True)
            assert response.status_code in (200, 403), url
            if response.status_code == 200:
                assert '<html lang="de"' in response.content.decode(), url
                left = _english_in(_shown_texts(response.content.decode()), english)
                if left:
                    found[url] = left
    assert mail.outbox, "the demo's games mailed him nothing to read"
    for message in mail.outbox:
        left = _english_in(_mail_texts(message), english)
        if left:
            found[f"mail: {message.subject}"] = left
    assert found == {}, "\n".join(f"{where}: {', '.join(left)}" for where, left in found.items())
