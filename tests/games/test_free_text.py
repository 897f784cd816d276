"""Free text: titles are one line, mail never fails on a title, bidirectional controls are
refused in titles and chatter, and Unicode's confusable skeleton (games/text.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse

from games import notify, resolution, services
from games.models import Chatter, Delivery, Game
from games.registry import Rejected
from games.text import skeleton
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

NEW_GAME = {
    "time_zone": "Europe/Berlin",
    "deadline_days": "2",
    "mode": "full",
    "balloon_rule": "none",
    "balloons": "0",
    "clouds": "6",
    "scoring": "hits",
}


@pytest.mark.parametrize(
    "title",
    [
        "Spring\r\nBcc: all@example.org",
        "Spring\nCup",
        "Spring\rCup",
        "Spring\tCup",
        "Spring\u2028Cup",
    ],
)
def test_a_title_of_more_than_one_line_is_refused_with_a_message(client, title):
    client.force_login(make_user("referee"))
    response = client.post(reverse("game_new", args=["dogfight"]), {**NEW_GAME, "title": title})
    assert response.status_code == 200
    assert response.context["form"].errors["title"] == [
        "This must be one line, without line breaks or tabs."
    ]
    assert not Game.objects.exists()


@pytest.mark.parametrize("title", ["Spring \u202eCUP", "\u2066Spring\u2069", "A\u200fB"])
def test_a_title_with_bidirectional_controls_is_refused(client, title):
    client.force_login(make_user("referee"))
    response = client.post(reverse("game_new", args=["dogfight"]), {**NEW_GAME, "title": title})
    assert response.context["form"].errors["title"] == [
        "Characters that turn the writing direction around are not allowed here."
    ]
    assert not Game.objects.exists()


def test_mail_of_a_game_whose_title_holds_a_line_break_still_goes_out(
    django_capture_on_commit_callbacks,
):
    """A title stored before titles were one line: the subject is folded onto one line."""
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    Game.objects.filter(pk=game.pk).update(title="Spring\r\nBcc: all@example.org")
    rnd = open_round(game)
    with django_capture_on_commit_callbacks(execute=True):
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert [m.subject for m in mail.outbox] == [
        "Spring Bcc: all@example.org: round 1 is published, your orders are due"
    ]
    assert Delivery.objects.filter(round=rnd).count() == 1
    rnd = open_round(game)
    assert notify.send_reminders(rnd.deadline - timedelta(hours=1)) == 1
    assert mail.outbox[-1].subject == (
        "Spring Bcc: all@example.org: your orders for round 2 are due"
    )


@pytest.mark.parametrize("line", ["tally \u202eho", "\u2067left\u2069"])
def test_chatter_with_bidirectional_controls_is_refused(line):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    with pytest.raises(Rejected, match="turn the writing direction around"):
        services.chatter_save(seat=game.seats.get(number=0), user=alice, lines=[line])
    assert not Chatter.objects.exists()


@pytest.mark.parametrize(
    "look_alike, plain",
    [
        ("Redbaron \u0396eta", "Redbaron Zeta"),  # Greek capital Zeta
        ("Redbar\u0585n Zeta", "Redbaron Zeta"),  # Armenian small oh
        ("\u13a1edbaron Zeta", "Redbaron Zeta"),  # Cherokee letter E, an R to the eye
        ("R\u0435d", "Red"),  # Cyrillic small ie
        ("\u211ded", "Red"),  # double-struck R
    ],
)
def test_the_skeleton_maps_look_alikes_to_one_text(look_alike, plain):
    assert skeleton(look_alike) == skeleton(plain)


def test_the_skeleton_keeps_texts_that_look_different_apart():
    assert skeleton("Red") != skeleton("Rod")
    assert skeleton("Zeta") != skeleton("zeta")  # the skeleton alone keeps letter case
    assert skeleton("e\u0301") == "e\u0301"  # decomposed, as UTS #39 says
