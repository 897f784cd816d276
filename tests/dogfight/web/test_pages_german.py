"""The dogfight's pages for a reader whose browser asks for German: the public game page, the
cockpit with its order form and its preview partial, a published report with its replay and
radio chatter, the leaderboard, a career page and the referee panel show the German words and
none of the English ones the English page shows; a published round's mail lines are German
when German is active."""

import re

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from dogfight import plugin
from dogfight import services as dogfight_services
from dogfight.models import Pilot
from games import notify, resolution, services
from games.models import Delivery, Report
from tests.factories import make_dogfight, make_user, open_round, seat_of
from tests.helpers import HTMX, fast_passwords, set_planes  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

# Words both languages share (Pilot, Dogfight, Major ...) are in neither list.
ENGLISH = {
    "game": [
        "refereed by",
        "Your cockpit",
        "orders due",
        "Round",
        "flying",
        "Damage",
        "Ammunition",
        "Points",
        "Orders",
        "Published rounds",
        "the wind blew from",
        "drifted",
        "east",
        "red",
        "blue",
    ],
    "cockpit": [
        "Your orders",
        "Move",
        "Maneuver",
        "Fire",
        "ahead",
        "turn left",
        "slip left",
        "diagonally left",
        "Plane",
        "in the air",
        "Damage",
        "bursts",
        "Repairs used",
        "after move",
        "Submit orders",
        "Update the choices",
        "Radio chatter",
        "Line",
        "Round",
        "orders due",
        "The planes",
        "On the board",
    ],
    "preview": [
        "Move",
        "Maneuver",
        "Fire",
        "ahead",
        "turn left",
        "hold",
        "diagonally right",
        "after move",
    ],
    "report": [
        "Replay",
        "The moves",
        "Move",
        "nose",
        "fires",
        "ahead",
        "turn left",
        "diagonally",
        "What happened",
        "Before the moves",
        "sent no orders",
        "flies straight on",
        "flew off the board",
        "points lost",
        "pot",
        "rolls onto the runway",
        "lifts off",
        "hits",
        "damage",
        "shot down",
        "Radio chatter",
        "Points after round",
        "crash pot",
        "take off on runway",
        "east",
        "west",
        "north-east",
        "Wind from",
        "set by the referee",
        "Start of the round",
        "Show this step",
        "Speed",
    ],
    "leaderboard": [
        "The pilots",
        "Ranked by rank",
        "Rank",
        "Games",
        "Wins",
        "Hits",
        "Kills",
        "Crashes",
    ],
    "career": [
        "Career points",
        "Rank",
        "Captain",
        "Games flown",
        "Abilities",
        "double machine guns",
        "bursts per round",
        "the Immelmann",
        "No scored game",
        "All pilots",
    ],
    "referee": [
        "Mode",
        "full game",
        "Weather",
        "weather chain",
        "Balloons",
        "Scoring",
        "points per hit",
        "The wind of this round",
        "as the weather decides",
        "calm",
        "from the",
        "clouds drift",
        "Set the wind",
        "The pilot is taken out",
        "crash",
    ],
}
GERMAN = {
    "game": [
        "Spielleitung:",
        "Dein Cockpit",
        "Befehle fällig",
        "Runde",
        "in der Luft",
        "Schaden",
        "Munition",
        "Punkte",
        "Befehle",
        "Veröffentlichte Runden",
        "wehte der Wind aus",
        "trieb",
        "Osten",
        "rot",
        "blau",
    ],
    "cockpit": [
        "Deine Befehle für Runde 2",
        "Zug 1",
        "Manöver",
        "Feuer:",
        "geradeaus",
        "Linkskurve",
        "Slip links",
        "schräg links",
        "Flugzeug",
        "in der Luft",
        "Schaden",
        "Salven",
        "Reparaturen verbraucht",
        "nach Zug 3",
        "Befehle und Funksprüche abschicken",
        "Auswahl aktualisieren",
        "Funksprüche",
        "Zeile 6",
        "Befehle fällig",
        "Die Flugzeuge",
        "Auf dem Spielfeld",
    ],
    "preview": [
        "Zug 2",
        "Manöver",
        "Feuer:",
        "geradeaus",
        "Linkskurve",
        "Halten",
        "schräg rechts",
        "nach Zug 1",
    ],
    "report": [
        "Wiederholung",
        "Die Züge",
        "Zug 1",
        "Nase nach Osten",
        "feuert geradeaus",
        "Linkskurve",
        "schräg links",
        "Was geschah",
        "Vor den Zügen",
        "hat keine Befehle geschickt",
        "fliegt geradeaus weiter",
        "flog über den Spielfeldrand hinaus",
        "5 Punkte verloren; 5 gehen in den Topf.",
        "hebt ab",
        "trifft Zaunkönig auf Entfernung 1: 4 Schaden",
        "wird von Kiebitz abgeschossen",
        "Funksprüche",
        "Punkte nach Runde 1",
        "Absturztopf",
        "Start auf Bahn β",
        "Wind aus Westen (von der Spielleitung festgelegt)",
        "Beginn der Runde",
        "Diesen Schritt zeigen",
        "Tempo",
        "Mayday!",
    ],
    "leaderboard": [
        "Die Piloten",
        "Geordnet nach Dienstgrad",
        "Dienstgrad",
        "Partien",
        "Siege",
        "Treffer",
        "Abschüsse",
        "Abstürze",
        "Hauptmann",
    ],
    "career": [
        "Hauptmann Kiebitz",
        "Karrierepunkte",
        "Dienstgrad",
        "Geflogene Partien",
        "Fähigkeiten in seiner nächsten Partie",
        "Doppel-Maschinengewehre (+1 bei jedem Treffer): ein Ass",
        "der Immelmann-Turn",
        "Salven pro Runde",
        "Noch keine gewertete Partie",
        "Alle Piloten",
    ],
    "referee": [
        "Modus",
        "volle Partie",
        "Wetter",
        "Wetterkette",
        "Ballons",
        "Zählweise",
        "Punkte pro Treffer",
        "Der Wind dieser Runde",
        "wie das Wetter entscheidet",
        "windstill: keine Wolke bewegt sich",
        "aus Westen (die Wolken treiben ein Hexfeld nach Osten)",
        "Wind festlegen",
        "das zählt als Absturz",
    ],
}


def visible(html: str) -> str:
    """The page's text as a reader meets it, board titles included, whitespace folded."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def shows(text: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


@pytest.fixture
def battle():
    """Round 1 published and round 2 open: Kiebitz (seat 0) flies behind Zaunkönig (seat 1)
    and shoots him down in move 1; seat 2 flies off the east edge; the referee fixed the wind
    from the west; everybody else sent no orders and takes off. Kiebitz is a Hauptmann with
    45 career points (double machine guns and the Immelmann), Zaunkönig sent radio chatter."""
    kiebitz, zaunkoenig = make_user("kiebitz"), make_user("zaunkoenig")
    game = make_dogfight(
        humans={
            0: kiebitz,
            1: zaunkoenig,
            2: make_user(),
            3: make_user(),
            4: make_user(),
            5: make_user(),
        },
        title="Morgenpatrouille",
    )
    for user, name in ((kiebitz, "Kiebitz"), (zaunkoenig, "Zaunkönig")):
        dogfight_services.name_seat(seat=seat_of(game, user), user=user, name=name)
    Pilot.objects.filter(name="Kiebitz").update(rank=2, points=45)
    rnd = open_round(game)
    set_planes(
        rnd,
        {
            0: {"status": "air", "q": 0, "r": 0, "facing": 0},
            1: {"status": "air", "q": 1, "r": 0, "facing": 0, "damage": 8},
            2: {"status": "air", "q": 9, "r": -4, "facing": 0},
        },
        clouds=[[-3, 5]],
    )
    services.referee_set_input(game=game, by=game.referee, data={"wind": 0})
    services.orders_submit(
        seat=seat_of(game, kiebitz),
        user=kiebitz,
        payload=[
            {"maneuver": "A", "fire": ["A"]},
            {"maneuver": "L", "fire": []},
            {"maneuver": "R", "fire": ["L", "R"]},
        ],
    )
    services.chatter_save(seat=seat_of(game, zaunkoenig), user=zaunkoenig, lines=["Mayday!"])
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return game


def _page(client, game, name: str, language: str) -> str:
    """One of the dogfight's pages, read by Kiebitz (the referee panel by the referee)."""
    client.force_login(game.referee if name == "referee" else game.seats.get(number=0).user)
    pilot = Pilot.objects.get(name="Kiebitz")
    url, extra = {
        "game": (reverse("game", args=[game.pk]), {}),
        "cockpit": (reverse("dogfight:seat", args=[game.pk, 0]), {}),
        "preview": (reverse("dogfight:preview", args=[game.pk, 0]) + "?m1=A", HTMX),
        "report": (reverse("round_report", args=[game.pk, 1]), {}),
        "leaderboard": (reverse("dogfight:leaderboard"), {}),
        "career": (reverse("dogfight:career", args=[pilot.pk]), {}),
        "referee": (reverse("referee_panel", args=[game.pk]), {}),
    }[name]
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **extra)
    assert response.status_code == 200, name
    return visible(response.content.decode())


@pytest.mark.parametrize("name", list(ENGLISH))
def test_the_english_page_shows_the_english_words(client, battle, name):
    page = _page(client, battle, name, "en")
    assert [word for word in ENGLISH[name] if not shows(page, word)] == []


@pytest.mark.parametrize("name", list(ENGLISH))
def test_the_german_page_shows_german_words_and_none_of_the_english(client, battle, name):
    page = _page(client, battle, name, "de")
    assert [word for word in GERMAN[name] if not shows(page, word)] == []
    assert [word for word in ENGLISH[name] if shows(page, word)] == []


def test_the_report_lines_of_a_mail_are_german_under_german(battle):
    events = Report.objects.get(round__game=battle, round__number=1).events
    names = {0: "Kiebitz", 1: "Zaunkönig"}
    with translation.override("de"):
        lines = plugin.RULES.describe_events(events, names)
    text = "\n".join(lines)
    assert "Zug 1:" in lines
    assert "  Kiebitz trifft Zaunkönig auf Entfernung 1: 4 Schaden." in lines
    assert "  Zaunkönig wird von Kiebitz abgeschossen: " in text
    assert not [
        word
        for word in ("Move", "hits", "damage", "shot down", "sent no orders", "Wind from")
        if shows(text, word)
    ]


def test_a_report_mail_tells_the_round_in_german_to_a_german_reader(battle):
    kiebitz = battle.seats.get(number=0).user
    kiebitz.profile.language = "de"
    kiebitz.profile.save()
    Delivery.objects.all().delete()
    mail.outbox.clear()
    with translation.override("en"):  # the worker's language is not the reader's
        notify.send_reports([battle.rounds.get(number=1).pk])
    [body] = [m.body for m in mail.outbox if m.to == [kiebitz.email]]
    assert "Kiebitz trifft Zaunkönig auf Entfernung 1: 4 Schaden." in body
    assert "hits" not in body and "sent no orders" not in body
