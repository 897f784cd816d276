"""The seat page's body, kept in the process for a request without picks (``views.seat_page``,
``kept.bodies``): the page from a kept body is the page drawn afresh, with each request's own
CSRF token and the deadline as it stands now, and it shows what is new as soon as anything the
body is drawn from changes: the deadline's extension, the draw offer, the viewer's language and
time zone. The frame's messages are never part of it."""

import re
from datetime import timedelta

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client

from duel import kept, views
from duel import services as duel_services
from games import table, token_slots
from games.models import Profile, Round

from .helpers import open_round, page_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def bodies_drawn(monkeypatch) -> list[int]:
    """The seat page's bodies drawn (not read from the kept ones), counted; none kept before."""
    drawn: list[int] = []
    draw = views._body

    def counted(request, page, offer):
        drawn.append(page.seat.number)
        return draw(request, page, offer)

    monkeypatch.setattr(views, "_body", counted)
    kept.bodies.clear()
    table.forget_kept_pages()  # the whole pages kept with them
    return drawn


def without_tokens(page: str) -> str:
    page = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1-", page)
    return re.sub(r'("X-CSRFToken": ")[^"]+', r"\1-", page)


def form_tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))


def test_the_page_from_a_kept_body_is_the_page_drawn_afresh(client, alice, turn_one, bodies_drawn):
    client.force_login(alice)
    afresh = client.get(page_url(turn_one, 0)).content.decode()
    from_kept = client.get(page_url(turn_one, 0)).content.decode()

    assert bodies_drawn == [0]
    assert without_tokens(from_kept) == without_tokens(afresh)
    assert token_slots.STAND_IN not in from_kept and kept.DUE not in from_kept
    assert '<form id="turn-form"' in from_kept and 'value="offer"' in from_kept


def test_each_request_from_a_kept_body_has_its_own_token(alice, turn_one, bodies_drawn):
    """Two sessions of the same person, the second page from the body kept for the first:
    each page's forms carry that session's token, which the site accepts."""
    pages = []
    for _ in range(2):
        strict = Client(enforce_csrf_checks=True)
        strict.force_login(alice)
        pages.append((strict, strict.get(page_url(turn_one, 0)).content.decode()))
    (_, first), (strict, second) = pages
    secrets = [{_unmask_cipher_token(t) for t in form_tokens(page)} for page in (first, second)]
    [token] = form_tokens(second)
    offered = strict.post(
        page_url(turn_one, 0, "draw"), {"do": "offer", "csrfmiddlewaretoken": token}
    )

    assert bodies_drawn == [0]
    assert len(secrets[0]) == len(secrets[1]) == 1 and secrets[0] != secrets[1]
    assert offered.status_code == 302
    assert "Your offer of a draw stands" in strict.get(page_url(turn_one, 0)).content.decode()


def test_a_moved_deadline_shows_from_the_kept_body(client, alice, turn_one, bodies_drawn):
    client.force_login(alice)
    rnd = open_round(turn_one)
    before = client.get(page_url(turn_one, 0)).content.decode()
    later = rnd.deadline + timedelta(hours=5)
    Round.objects.filter(pk=rnd.pk).update(deadline=later)
    moved = client.get(page_url(turn_one, 0)).content.decode()
    Round.objects.filter(pk=rnd.pk).update(deadline_extended=True)
    extended = client.get(page_url(turn_one, 0)).content.decode()

    assert f'<time datetime="{rnd.deadline.isoformat()}"' in before
    assert f'<time datetime="{later.isoformat()}"' in moved
    assert f'<time datetime="{rnd.deadline.isoformat()}"' not in moved
    assert "(extended after a server outage)" not in moved
    assert "(extended after a server outage)" in extended
    assert bodies_drawn == [0, 0]  # the time is put in; the extension's words are drawn


def test_an_offer_declined_leaves_both_pages(client, alice, bob, turn_one, bodies_drawn):
    duel_services.draw_offer(game=turn_one, user=alice)
    client.force_login(alice)
    mine = client.get(page_url(turn_one, 0)).content.decode()
    client.force_login(bob)
    theirs = client.get(page_url(turn_one, 1)).content.decode()
    duel_services.draw_decline(game=turn_one, user=bob)
    theirs_after = client.get(page_url(turn_one, 1)).content.decode()
    client.force_login(alice)
    mine_after = client.get(page_url(turn_one, 0)).content.decode()

    assert "Your offer of a draw stands" in mine and "alice offers a draw." in theirs
    assert "Your offer of a draw stands" not in mine_after and 'value="offer"' in mine_after
    assert "alice offers a draw." not in theirs_after and 'value="accept"' not in theirs_after


def deadline_words(page: str) -> str:
    return re.search(r"<time datetime=\"[^\"]+\" data-countdown>([^<]+)</time>", page).group(1)


def test_the_viewers_saved_language_and_zone_show_at_once(client, alice, turn_one):
    Profile.objects.update_or_create(user=alice, defaults={"language": "", "time_zone": "UTC"})
    client.force_login(alice)
    before = client.get(page_url(turn_one, 0), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    profile = Profile.objects.get(user=alice)
    profile.language, profile.time_zone = "de", "Asia/Tokyo"
    profile.save()
    after = client.get(page_url(turn_one, 0), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "<th>Fighter</th>" in before and deadline_words(before).endswith("UTC")
    assert "<th>Jäger</th>" in after and deadline_words(after).endswith("JST")


def test_a_message_shows_once_not_with_the_kept_body(client, alice, turn_one):
    client.force_login(alice)
    offered = client.post(page_url(turn_one, 0, "draw"), {"do": "offer"}, follow=True)
    again = client.get(page_url(turn_one, 0)).content.decode()

    assert "Your offer of a draw is made." in offered.content.decode()
    assert "Your offer of a draw is made." not in again
    assert "Your offer of a draw stands" in again
