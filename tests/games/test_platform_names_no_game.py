"""The platform (``games/``, ``config/``, the site's frame and its shared templates) names no
game: no import of a game app, no game's URL names, no game's words. A game reaches it only
through the registry, and its one line in ``INSTALLED_APPS``."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = [
    ROOT / "games",
    ROOT / "config",
    ROOT / "templates" / "games",
    ROOT / "templates" / "registration",
    ROOT / "templates" / "base.html",
    ROOT / "templates" / "home.html",
    ROOT / "static" / "js",
]
# Django's apps and the platform's own: everything else installed is a game (or one to come).
NOT_GAMES = {"games", "django_htmx", "ninja", "django_ratelimit", "django_guid"}


def game_apps() -> list[str]:
    return [
        app
        for app in settings.INSTALLED_APPS
        if not app.startswith("django.") and app not in NOT_GAMES
    ]


def platform_files() -> list[Path]:
    files = []
    for place in PLATFORM:
        found = [place] if place.is_file() else place.rglob("*")
        files += [
            path
            for path in found
            if path.is_file() and path.suffix in (".py", ".html", ".txt", ".js")
        ]
    return files


def test_the_games_are_the_installed_apps_beyond_the_platform():
    assert {"dogfight", "duel", "racing", "joyride"} <= set(game_apps())


def test_no_platform_file_names_a_game_but_the_installed_apps():
    names = re.compile(r"\b(" + "|".join(game_apps()) + r")\b", re.IGNORECASE)
    found = []
    for path in platform_files():
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if names.search(line) and not _an_installed_app_line(path, line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "the platform names a game:\n" + "\n".join(found)


def _an_installed_app_line(path: Path, line: str) -> bool:
    return path == ROOT / "config" / "settings.py" and re.fullmatch(r'\s*"\w+",\s*', line)


def test_the_scan_sees_a_game_named_in_the_platform(tmp_path):
    names = re.compile(r"\b(" + "|".join(game_apps()) + r")\b", re.IGNORECASE)
    assert names.search('{% url "dogfight:practice" %}') and names.search("from duel import x")
    assert not names.search("a duelling pilot")  # words merely containing a name pass
