"""What the code made (rendered HTML, drawn pictures) is kept per release (config/settings.py,
``cache_aliases``; games/kept.py): what one release kept is never served by another, so a deploy
that changes a template, a translation or the drawing code shows the change at once. What means
the same whatever the code (a game's names' version) is read across releases. A release is
named by RELEASE, else by a digest of the code (config/release.py)."""

from pathlib import Path

import pytest
import redis
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from config import release
from config.settings import cache_aliases
from games import kept, report_cache
from tests.factories import make_dogfight, make_user
from tests.helpers import production_cache  # noqa: F401

FRAGMENT = Template("{% load cache %}{% cache 900 probe %}{{ drawing }}{% endcache %}")


def deploy(settings, name: str) -> None:
    """The settings of release ``name`` on the same caches' store."""
    settings.RELEASE = name
    settings.CACHES = cache_aliases(settings.CACHES["default"], name)


def drawn(drawing: str) -> str:
    return FRAGMENT.render(Context({"drawing": drawing}))


# --- the kept cache ---------------------------------------------------------------------------


def test_a_fragment_kept_by_one_release_is_not_served_by_another(settings):
    deploy(settings, "one")
    assert drawn("old drawing") == "old drawing"
    assert drawn("new drawing") == "old drawing"  # kept
    deploy(settings, "two")
    assert drawn("new drawing") == "new drawing"
    deploy(settings, "one")
    assert drawn("newer drawing") == "old drawing"  # still there for its own release


@pytest.mark.usefixtures("production_cache")
def test_in_production_kept_html_lies_under_the_release_within_the_caches_prefix(settings):
    """The kept prefix lies within the default cache's, whose flush after an outage
    (config/redis_cache.py) then deletes kept HTML too, and the tests' cleanup finds it."""
    deploy(settings, "one")
    assert drawn("old drawing") == "old drawing"
    deploy(settings, "two")
    assert drawn("new drawing") == "new drawing"
    default = settings.CACHES["default"]
    server = redis.Redis.from_url(default["LOCATION"])
    keys = sorted(key.decode() for key in server.scan_iter(f"{default['KEY_PREFIX']}:*"))
    assert [key.split(":")[2] for key in keys] == ["kept-one", "kept-two"]


@pytest.mark.django_db
def test_the_spectators_lobby_kept_by_one_release_is_rendered_anew_by_another(settings):
    deploy(settings, "one")
    make_dogfight(humans=[make_user()], title="Old skies")
    assert "Old skies" in Client().get(reverse("lobby")).content.decode()
    make_dogfight(humans=[make_user()], title="New skies")
    assert "New skies" not in Client().get(reverse("lobby")).content.decode()  # kept
    deploy(settings, "two")
    assert "New skies" in Client().get(reverse("lobby")).content.decode()


@pytest.mark.django_db
@pytest.mark.usefixtures("production_cache")
def test_a_public_game_page_kept_by_one_release_is_rendered_anew_by_another(settings):
    """The kept copy is made to look as an older code drew it (another title)."""
    game = make_dogfight(humans=[make_user()], title="Blue skies")
    page_url = reverse("game", args=[game.pk])
    deploy(settings, "one")
    Client().get(page_url)
    key = f"game-page:{game.pk}:en:http:testserver:live"
    signed, html = kept.cache.get(key)
    kept.cache.set(key, (signed, html.replace("Blue skies", "Grey skies")))
    assert "Grey skies" in Client().get(page_url).content.decode()
    deploy(settings, "two")
    page = Client().get(page_url).content.decode()
    assert "Blue skies" in page and "Grey skies" not in page


@pytest.mark.usefixtures("production_cache")
def test_a_games_names_version_is_read_across_releases(settings):
    deploy(settings, "one")
    report_cache.names_changed(7)
    deploy(settings, "two")
    assert report_cache.names_version(7) == 1


@pytest.mark.parametrize("shared", [True, False], ids=["in production", "in one process"])
def test_a_kept_entry_and_default_versions_are_read_together(settings, request, shared):
    if shared:
        request.getfixturevalue("production_cache")
    deploy(settings, "one")
    kept.cache.set("page", "<p>kept</p>")
    report_cache.names_changed(7)
    assert kept.get_with("page", [report_cache.names_key(7), "nothing"]) == (
        "<p>kept</p>",
        {report_cache.names_key(7): 1},
    )
    assert kept.get_with("no-page", []) == (None, {})


# --- the release's name -----------------------------------------------------------------------


def project(root: Path) -> Path:
    """A small project: code, a template, a translation, and what no page is made from."""
    for path, text in {
        "games/views.py": "x = 1\n",
        "templates/page.html": "<p>{{ x }}</p>\n",
        "locale/de/LC_MESSAGES/django.mo": "compiled",
        "locale/de/LC_MESSAGES/django.po": "msgid",
        "docs/notes.md": "notes",
        "tests/test_views.py": "assert True\n",
        ".venv/lib/site.py": "y = 2\n",
        "skies.egg-info/SOURCES.txt": "games/views.py\n",
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


def test_the_code_digest_changes_with_what_renders_and_nothing_else(tmp_path):
    root = project(tmp_path)
    first = release.code_digest(root)
    assert release.code_digest(root) == first
    for unread in (
        "docs/notes.md",
        "tests/test_views.py",
        ".venv/lib/site.py",
        "locale/de/LC_MESSAGES/django.po",
        "skies.egg-info/SOURCES.txt",
    ):
        (root / unread).write_text("changed")
        assert release.code_digest(root) == first, unread
    for read in ("games/views.py", "templates/page.html", "locale/de/LC_MESSAGES/django.mo"):
        (root / read).write_text("changed")
        changed = release.code_digest(root)
        assert changed != first, read
        first = changed


def test_release_from_the_environment_wins(tmp_path, monkeypatch):
    root = project(tmp_path)
    monkeypatch.setenv("RELEASE", "2026-12-07.1")
    assert release.release(root) == "2026-12-07.1"
    monkeypatch.setenv("RELEASE", "")
    assert release.release(root) == release.code_digest(root)
