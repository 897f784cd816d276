"""The public rules page of the dogfight (``/rules/``, German at ``/rules/?lang=de``).

The prose lives in the two templates; every table and every maneuver diagram is built here from
the engine itself (``career``, ``maneuvers.fly``, ``weather``, ``setup``, the name check), so the
page cannot disagree with the rules the server plays by.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games import services

from . import names
from .engine import career, resolve, setup, weather
from .engine.board import CORNERS, airfield_hexes, runway_heading, runway_hex
from .engine.hexgrid import BOARD_SET, Hex, within
from .engine.maneuvers import CODES, fly, nmr_maneuvers
from .engine.state import Plane
from .svg import SEAT_COLOURS, SIZE, _corners, centre

LANGUAGES = ("en", "de")

# --- small helpers ---------------------------------------------------------------------------


def language(request) -> str:
    wanted = request.GET.get("lang", "en")
    return wanted if wanted in LANGUAGES else "en"


def _t(lang: str, en: str, de: str) -> str:
    return de if lang == "de" else en


def _fraction(value: float | Fraction) -> str:
    frac = Fraction(value).limit_denominator(1000)
    return str(frac.numerator) if frac.denominator == 1 else f"{frac.numerator}/{frac.denominator}"


def _cell(value: object, tag: str = "td") -> str:
    text = value if isinstance(value, SafeString) else escape(str(value))
    return f"<{tag}>{text}</{tag}>"


def table(table_id: str, caption: str, headers: list[str], rows: list,
          row_attrs: list[dict] | None = None) -> SafeString:
    """A table in a wrapper that scrolls sideways on a narrow screen."""
    parts = [f'<div class="table-wrap"><table id="{table_id}" class="rules-table">',
             f"<caption>{escape(caption)}</caption><thead><tr>",
             "".join(_cell(h, "th") for h in headers), "</tr></thead><tbody>"]
    for index, row in enumerate(rows):
        attrs = (row_attrs or [{}] * len(rows))[index]
        attr_text = "".join(f' data-{k}="{escape(str(v))}"' for k, v in attrs.items())
        parts.append(f"<tr{attr_text}>" + "".join(_cell(c) for c in row) + "</tr>")
    parts.append("</tbody></table></div>")
    return mark_safe("".join(parts))


# --- maneuvers: names, effects, diagrams ----------------------------------------------------

MANEUVER_TEXT = {
    # code: (English name, German name, English effect, German effect)
    "A": ("ahead", "geradeaus",
          "one hex forward, nose unchanged",
          "ein Hexfeld vorwärts, die Nase bleibt"),
    "L": ("turn left", "Linkskurve",
          "nose 60° left first, then one hex forward",
          "erst die Nase 60° nach links, dann ein Hexfeld vorwärts"),
    "R": ("turn right", "Rechtskurve",
          "nose 60° right first, then one hex forward",
          "erst die Nase 60° nach rechts, dann ein Hexfeld vorwärts"),
    "LS": ("slip left", "Slip links",
           "one hex diagonally forward left, nose unchanged",
           "ein Hexfeld schräg nach vorn links, die Nase bleibt"),
    "RS": ("slip right", "Slip rechts",
           "one hex diagonally forward right, nose unchanged",
           "ein Hexfeld schräg nach vorn rechts, die Nase bleibt"),
    "H": ("hold", "Halten",
          "stays in its hex, nose unchanged",
          "bleibt im Hexfeld stehen, die Nase bleibt"),
    "I": ("Immelmann", "Immelmann-Turn",
          "one hex forward, then the nose turns round (180°)",
          "ein Hexfeld vorwärts, dann dreht die Nase um 180°"),
    "S": ("Split-S", "Split-S",
          "the nose turns round (180°) first, then one hex forward: out the way it came",
          "erst dreht die Nase um 180°, dann ein Hexfeld vorwärts: zurück, woher es kam"),
    "O": ("loop", "Looping",
          "over the top and out one hex behind, nose as before",
          "über Kopf und ein Hexfeld dahinter wieder heraus, die Nase wie vorher"),
    "TA": ("take off on runway α", "Start auf Bahn α",
           "move 1: roll onto runway hex 1; move 2: lift off onto runway hex 2",
           "Zug 1: auf das erste Bahnfeld rollen; Zug 2: aufs zweite Bahnfeld abheben"),
    "TB": ("take off on runway β", "Start auf Bahn β",
           "move 1: roll onto runway hex 1; move 2: lift off onto runway hex 2",
           "Zug 1: auf das erste Bahnfeld rollen; Zug 2: aufs zweite Bahnfeld abheben"),
    "TG": ("take off on runway γ", "Start auf Bahn γ",
           "move 1: roll onto runway hex 1; move 2: lift off onto runway hex 2",
           "Zug 1: auf das erste Bahnfeld rollen; Zug 2: aufs zweite Bahnfeld abheben"),
    "G": ("stay on the ground", "am Boden bleiben",
          "a plane standing on its airfield does not move",
          "ein Flugzeug auf seinem Flugplatz bewegt sich nicht"),
    "LD": ("land", "Landen",
           "from runway hex 2 of your own airfield, nose to the corner: roll to hex 1, "
           "next move stop on the corner",
           "vom zweiten Feld der eigenen Bahn, Nase zum Eckfeld: auf Feld 1 rollen, "
           "im nächsten Zug auf dem Eckfeld stehen bleiben"),
}

MANEUVER_WHEN = {
    "A": ("always, in the air", "in der Luft immer"),
    "L": ("always, in the air", "in der Luft immer"),
    "R": ("always, in the air", "in der Luft immer"),
    "LS": ("always, in the air", "in der Luft immer"),
    "RS": ("always, in the air", "in der Luft immer"),
    "H": ("not in move 1; after a hold only hold", "nicht im ersten Zug; nach Halten nur noch Halten"),
    "I": ("ace maneuver from {I} points, not in move 1",
          "Ass-Manöver ab {I} Punkten, nicht im ersten Zug"),
    "S": ("ace maneuver from {S} points, not in move 1",
          "Ass-Manöver ab {S} Punkten, nicht im ersten Zug"),
    "O": ("ace maneuver from {O} points, not in move 1",
          "Ass-Manöver ab {O} Punkten, nicht im ersten Zug"),
    "TA": ("on the ground; starts in move 1 or 2", "am Boden; Beginn in Zug 1 oder 2"),
    "TB": ("on the ground; starts in move 1 or 2", "am Boden; Beginn in Zug 1 oder 2"),
    "TG": ("on the ground; starts in move 1 or 2", "am Boden; Beginn in Zug 1 oder 2"),
    "G": ("on the ground", "am Boden"),
    "LD": ("on runway hex 2 of your own airfield, nose to the corner",
           "auf dem zweiten Feld der eigenen Bahn, Nase zum Eckfeld"),
}


def maneuver_name(code: str, lang: str) -> str:
    en, de, _, _ = MANEUVER_TEXT[code]
    return _t(lang, en, de)


def sample_flight(code: str) -> tuple[Plane, list[tuple[Hex, int]]]:
    """A sample plane for ``code`` and where the engine's ``fly`` puts it after each move.

    Air maneuvers start in the centre, nose east. Take-offs and staying on the ground start on
    the red airfield (the east corner); a landing starts on runway hex 2 of its runway beta,
    nose to the corner. Take-off and landing take two moves, so they are flown twice.
    """
    if code in ("TA", "TB", "TG", "G"):
        start = Plane(0, CORNERS[0], 3, status="ground")
    elif code == "LD":
        start = Plane(0, runway_hex(0, "beta", 2), (runway_heading(0, "beta") + 3) % 6,
                      status="air")
    else:
        start = Plane(0, (0, 0), 0, status="air", career_points=100)
    plane = start.copy()
    steps = []
    for _ in range(2 if code in ("TA", "TB", "TG", "LD") else 1):
        fly(plane, code)
        steps.append((plane.hex, plane.facing))
    return start, steps


_PLANE_SHAPE = '<polygon points="7,0 -5,-5 -2,0 -5,5" fill="{c}" stroke="#111" stroke-width="0.6"/>'
_ARROW_SHAPE = ('<polygon points="8,0 0,-5 2,0 0,5" fill="#fff" stroke="{c}" '
                'stroke-width="1.5"/>')


@lru_cache(maxsize=None)
def maneuver_diagram(code: str, lang: str = "en") -> SafeString:
    """A few hexes, the sample plane before ``code``, and an arrow for each move after it."""
    start, steps = sample_flight(code)
    colour = SEAT_COLOURS[start.seat]
    on_ground = code in ("TA", "TB", "TG", "G", "LD")
    area = within(CORNERS[0], 2) if on_ground else within((0, 0), 1)
    area = [h for h in area if h in BOARD_SET]
    xs = [centre(*h)[0] for h in area]
    ys = [centre(*h)[1] for h in area]
    pad = SIZE + 2
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    end_hex, end_facing = steps[-1]
    title = f"{code}: {maneuver_name(code, lang)}"
    parts = [
        f'<svg class="maneuver-diagram" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{box[0]:.1f} {box[1]:.1f} {box[2]:.1f} {box[3]:.1f}" role="img" '
        f'aria-label="{escape(title)}" data-code="{code}" '
        f'data-start-q="{start.hex[0]}" data-start-r="{start.hex[1]}" '
        f'data-start-facing="{start.facing}" data-end-q="{end_hex[0]}" '
        f'data-end-r="{end_hex[1]}" data-end-facing="{end_facing}" data-moves="{len(steps)}">',
        f"<title>{escape(title)}</title>",
        '<g class="hexes">',
    ]
    parts += [f'<polygon points="{_corners(q, r)}"/>' for q, r in area]
    parts.append("</g>")
    if on_ground:
        parts.append(f'<g class="airfield" fill="{colour}" fill-opacity="0.25">')
        parts += [f'<polygon points="{_corners(q, r, SIZE - 1)}"/>'
                  for q, r in airfield_hexes(0) if (q, r) in area]
        parts.append("</g>")
    x0, y0 = centre(*start.hex)
    parts.append(f'<g class="start" transform="translate({x0:.1f},{y0:.1f})" opacity="0.55">'
                 f'<g transform="rotate({-60 * start.facing})">{_PLANE_SHAPE.format(c=colour)}'
                 "</g></g>")
    points = [(x0, y0)] + [centre(*h) for h, _ in steps]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts.append(f'<polyline class="path" points="{path}" fill="none" stroke="{colour}" '
                 'stroke-width="1.5" stroke-dasharray="3 2"/>')
    for number, (hex_, facing) in enumerate(steps, start=1):
        x, y = centre(*hex_)
        last = number == len(steps)
        label = (f'<text y="-6" text-anchor="middle" font-size="6">{number}</text>'
                 if len(steps) > 1 else "")
        parts.append(
            f'<g class="{"end" if last else "step"}" data-move="{number}" '
            f'data-q="{hex_[0]}" data-r="{hex_[1]}" data-facing="{facing}" '
            f'transform="translate({x:.1f},{y:.1f})"><g transform="rotate({-60 * facing})">'
            f"{_ARROW_SHAPE.format(c=colour)}</g>{label}</g>")
    parts.append("</svg>")
    return mark_safe("".join(parts))


def maneuver_figures(lang: str) -> list[dict]:
    return [{"code": code, "name": maneuver_name(code, lang),
             "effect": _t(lang, MANEUVER_TEXT[code][2], MANEUVER_TEXT[code][3]),
             "svg": maneuver_diagram(code, lang)} for code in CODES]


def maneuver_table(lang: str) -> SafeString:
    aces = career.ACE_MANEUVERS_AT
    rows = [[code, maneuver_name(code, lang),
             _t(lang, MANEUVER_TEXT[code][2], MANEUVER_TEXT[code][3]),
             _t(lang, *MANEUVER_WHEN[code]).format(**aces)] for code in CODES]
    return table("t-maneuvers", _t(lang, "The maneuvers (one per move)",
                                   "Die Manöver (eines pro Zug)"),
                 [_t(lang, "Code", "Kürzel"), _t(lang, "Maneuver", "Manöver"),
                  _t(lang, "What it does", "Was es bewirkt"), _t(lang, "When", "Wann")],
                 rows, [{"code": code} for code in CODES])


# --- the tables ------------------------------------------------------------------------------


def damage_table(lang: str) -> SafeString:
    rows, attrs = [], []
    for distance in range(1, len(career.RANGE_DAMAGE)):
        damage = career.RANGE_DAMAGE[distance]
        general = distance > career.reach(career.MAX_RANK - 1)
        who = (_t(lang, "General only", "nur General") if general
               else _t(lang, "everyone", "alle"))
        rows.append([distance, damage, damage + 1, who])
        attrs.append({"range": distance, "damage": damage})
    return table("t-damage", _t(lang, "Damage by range", "Schaden nach Entfernung"),
                 [_t(lang, "Range (hexes)", "Entfernung (Hexfelder)"),
                  _t(lang, "Damage", "Schaden"),
                  _t(lang, "With double machine guns", "Mit Doppel-Maschinengewehren"),
                  _t(lang, "Reaches that far", "Reicht so weit")], rows, attrs)


def shootdown_table(lang: str) -> SafeString:
    rows, attrs = [], []
    for points in range(0, 201, 20):
        loss, gain = career.shootdown_loss(points, 0), career.shootdown_gain(points, 0)
        rows.append([points, loss, gain])
        attrs.append({"points": points, "loss": loss, "gain": gain})
    per_rank_loss = career.shootdown_loss(0, 1) - career.shootdown_loss(0, 0)
    per_rank_gain = career.shootdown_gain(0, 1) - career.shootdown_gain(0, 0)
    rows.append([_t(lang, "for each rank the victim holds", "für jeden Dienstgrad des Opfers"),
                 f"+{per_rank_loss}", f"+{per_rank_gain}"])
    attrs.append({"rank-bonus": "1", "loss": per_rank_loss, "gain": per_rank_gain})
    return table("t-shootdown", _t(lang, "Shoot-down points", "Punkte für einen Abschuss"),
                 [_t(lang, "Victim's career points at game start",
                     "Karrierepunkte des Opfers bei Spielbeginn"),
                  _t(lang, "Victim loses", "Das Opfer verliert"),
                  _t(lang, "Attacker gains", "Der Angreifer gewinnt")], rows, attrs)


def example(lang: str) -> dict:
    """The seed's check: an Oberst with 5 promotions at 5 points."""
    rank = career.RANKS.index("Oberst")
    return {"points": 5, "rank": rank, "rank_name": career.RANKS[rank],
            "gain": career.shootdown_gain(5, rank), "loss": career.shootdown_loss(5, rank)}


def aces_table(lang: str) -> SafeString:
    rows = [[career.DOUBLE_MG_AT,
             _t(lang, "double machine guns: +1 damage on every hit; the pilot is an Ass",
                "Doppel-Maschinengewehre: +1 Schaden bei jedem Treffer; der Pilot ist ein Ass")]]
    attrs = [{"ability": "double-mg", "points": career.DOUBLE_MG_AT}]
    for code, at in career.ACE_MANEUVERS_AT.items():
        rows.append([at, _t(lang, f"the {maneuver_name(code, lang)} ({code})",
                            f"der {maneuver_name(code, lang)} ({code})")])
        attrs.append({"ability": code, "points": at})
    return table("t-aces", _t(lang, "Ace abilities by career points at game start",
                              "Ass-Fähigkeiten nach Karrierepunkten bei Spielbeginn"),
                 [_t(lang, "From points", "Ab Punkten"), _t(lang, "You get", "Du bekommst")],
                 rows, attrs)


RANK_ABILITY = {
    1: ("{ammo} bursts on board instead of 16", "{ammo} Salven an Bord statt 16"),
    2: ("{per_round} bursts per round instead of 3", "{per_round} Salven pro Runde statt 3"),
    3: ("repairs {repair} per whole round on the ground instead of 2 (cap stays 8)",
        "repariert {repair} pro ganzer Runde am Boden statt 2 (höchstens weiter 8)"),
    4: ("the fast plane: moves and fires first in every move",
        "das schnelle Flugzeug: bewegt sich und feuert in jedem Zug zuerst"),
    5: ("out at {out} damage points instead of 12", "erst bei {out} Schadenspunkten aus statt 12"),
    6: ("bursts reach {reach} hexes (1 damage at range 5)",
        "Salven reichen {reach} Hexfelder weit (1 Schaden auf 5)"),
}


def ranks_table(lang: str) -> SafeString:
    yes, no = _t(lang, "yes", "ja"), _t(lang, "no", "nein")
    rows, attrs = [], []
    for rank in range(career.MAX_RANK + 1):
        values = {"ammo": career.ammo_capacity(rank), "per_round": career.bursts_per_round(rank),
                  "repair": career.repair_per_round(rank), "out": career.out_at(rank),
                  "reach": career.reach(rank)}
        if rank:
            ability = _t(lang, *RANK_ABILITY[rank]).format(**values)
            name = career.RANKS[rank]
            name_other = career.RANKS_EN[rank]
        else:
            ability, name, name_other = "—", _t(lang, "no rank", "ohne Dienstgrad"), ""
        rows.append([rank, name, name_other, ability, values["ammo"], values["per_round"],
                     values["repair"], yes if career.is_fast(rank) else no, values["out"],
                     values["reach"]])
        attrs.append({"rank": rank})
    return table("t-ranks", _t(lang, "Ranks (each keeps what the ranks below give)",
                               "Dienstgrade (jeder behält, was die darunter geben)"),
                 [_t(lang, "Rank", "Stufe"), _t(lang, "Title", "Dienstgrad"),
                  _t(lang, "In English", "Auf Englisch"), _t(lang, "New ability", "Neu dazu"),
                  _t(lang, "Bursts on board", "Salven an Bord"),
                  _t(lang, "Bursts per round", "Salven pro Runde"),
                  _t(lang, "Repair per ground round", "Reparatur pro Runde am Boden"),
                  _t(lang, "Fast plane", "Schnelles Flugzeug"),
                  _t(lang, "Out at damage", "Aus bei Schaden"),
                  _t(lang, "Burst reach", "Reichweite")], rows, attrs)


def calm_share() -> Fraction:
    """Long-run share of calm rounds of the normal weather chain."""
    rise = Fraction(weather.RISE_CHANCE).limit_denominator(1000)
    dies = Fraction(weather.CHANGE_CHANCE).limit_denominator(1000) / 3
    return dies / (rise + dies)


def weather_table(lang: str) -> SafeString:
    rise, change = weather.RISE_CHANCE, weather.CHANGE_CHANCE
    f = _fraction
    rows = [
        [_t(lang, "round 1", "Runde 1"), _t(lang, "calm", "windstill"), "1"],
        [_t(lang, "calm", "windstill"),
         _t(lang, "wind rises from a random direction", "Wind kommt auf, aus zufälliger Richtung"),
         f"{f(rise)} ({_t(lang, 'each direction', 'jede Richtung')} {f(Fraction(rise) / 6)})"],
        [_t(lang, "calm", "windstill"), _t(lang, "stays calm", "bleibt windstill"), f(1 - rise)],
        [_t(lang, "windy", "Wind"), _t(lang, "keeps its direction", "weht weiter aus derselben Ecke"),
         f(1 - change)],
        [_t(lang, "windy", "Wind"), _t(lang, "turns 60° left", "dreht 60° nach links"),
         f(Fraction(change) / 3)],
        [_t(lang, "windy", "Wind"), _t(lang, "turns 60° right", "dreht 60° nach rechts"),
         f(Fraction(change) / 3)],
        [_t(lang, "windy", "Wind"), _t(lang, "dies down", "legt sich"), f(Fraction(change) / 3)],
        [_t(lang, "legacy: round 1", "alte Regel: Runde 1"),
         _t(lang, "windy, from a random direction", "Wind aus zufälliger Richtung"), "1"],
        [_t(lang, "legacy: windy", "alte Regel: Wind"),
         _t(lang, "keeps its direction", "weht weiter aus derselben Ecke"), f(1 - change)],
        [_t(lang, "legacy: windy", "alte Regel: Wind"),
         _t(lang, "turns 60° left or right", "dreht 60° nach links oder rechts"),
         f"{f(Fraction(change) / 2)} + {f(Fraction(change) / 2)}"],
        [_t(lang, "windy (either rule)", "Wind (beide Regeln)"),
         _t(lang, "a new cloud of 3–5 hexes enters from the upwind edge",
            "eine neue Wolke aus 3–5 Hexfeldern zieht vom Rand im Wind auf"),
         f(weather.NEW_CLOUD_CHANCE)],
    ]
    return table("t-weather", _t(lang, "The weather chain, drawn after every round",
                                 "Die Wetterkette, ausgelost nach jeder Runde"),
                 [_t(lang, "Now", "Jetzt"), _t(lang, "Next round", "Nächste Runde"),
                  _t(lang, "Chance", "Chance")], rows)


def balloon_table(lang: str) -> SafeString:
    rows, attrs = [], []
    for distance in range(1, career.reach(0) + 1):
        damage = career.RANGE_DAMAGE[distance]
        both = []
        for d in (damage, damage + 1):
            behind = d // 2
            both += [math.ceil(d / 2), behind if behind else _t(lang, "no hit", "kein Treffer")]
        rows.append([distance, damage, damage, _t(lang, "out of reach", "außer Reichweite"),
                     *both])
        attrs.append({"range": distance, "balloon-through": math.ceil(damage / 2),
                      "plane-behind": damage // 2})
    return table("t-balloons", _t(lang, "A burst meeting a balloon (range counted from the shooter)",
                                  "Eine Salve trifft auf einen Ballon (Entfernung vom Schützen)"),
                 [_t(lang, "Range", "Entfernung"), _t(lang, "Damage", "Schaden"),
                  _t(lang, "Normal: balloon takes", "Normal: Ballon erhält"),
                  _t(lang, "Normal: plane behind", "Normal: Flugzeug dahinter"),
                  _t(lang, "Through: balloon here takes (half, up)",
                     "Hindurch: Ballon hier erhält (Hälfte, aufgerundet)"),
                  _t(lang, "Through: plane here behind it takes (half, down)",
                     "Hindurch: Flugzeug hier dahinter erhält (Hälfte, abgerundet)"),
                  _t(lang, "Same, double MGs: balloon", "Dasselbe, Doppel-MG: Ballon"),
                  _t(lang, "Same, double MGs: plane behind",
                     "Dasselbe, Doppel-MG: Flugzeug dahinter")], rows, attrs)


def ground_table(lang: str) -> SafeString:
    rows = [
        [_t(lang, "Can be hit", "Kann getroffen werden"),
         _t(lang, "no (only on the corner itself; a rolling plane on a runway counts as flying)",
            "nein (nur auf dem Eckfeld selbst; wer auf der Bahn rollt, zählt als fliegend)")],
        [_t(lang, "Can fire", "Kann feuern"), _t(lang, "no", "nein")],
        [_t(lang, "Cloud damage", "Wolkenschaden"), _t(lang, "none", "keiner")],
        [_t(lang, "Ammunition", "Munition"),
         _t(lang, f"full again on landing: {career.ammo_capacity(0)} bursts "
                  f"({career.ammo_capacity(1)} from Leutnant)",
            f"bei der Landung wieder voll: {career.ammo_capacity(0)} Salven "
            f"({career.ammo_capacity(1)} ab Leutnant)")],
        [_t(lang, "Repair per whole round on the ground", "Reparatur pro ganzer Runde am Boden"),
         _t(lang, f"{career.repair_per_round(0)} damage points ({career.repair_per_round(3)} "
                  "from Major)",
            f"{career.repair_per_round(0)} Schadenspunkte ({career.repair_per_round(3)} ab Major)")],
        [_t(lang, "Repair cap", "Reparatur höchstens"),
         _t(lang, f"{career.REPAIR_CAP} per game", f"{career.REPAIR_CAP} pro Partie")],
        [_t(lang, "Which rounds count", "Welche Runden zählen"),
         _t(lang, "only rounds with all three moves on the ground; the landing round never",
            "nur Runden mit allen drei Zügen am Boden; die Landerunde nie")],
    ]
    return table("t-ground", _t(lang, "Standing on your own airfield",
                                "Stillstehen auf dem eigenen Flugplatz"),
                 [_t(lang, "What", "Was"), _t(lang, "Rule", "Regel")], rows)


def nmr_table(lang: str) -> SafeString:
    samples = [
        (_t(lang, "in the air", "in der Luft"), Plane(0, (0, 0), 0, status="air")),
        (_t(lang, "on the ground", "am Boden"), Plane(0, CORNERS[0], 3, status="ground")),
        (_t(lang, "between the two landing moves", "zwischen den beiden Landezügen"),
         Plane(0, runway_hex(0, "beta", 1), 0, status="air", landing=True)),
    ]
    rows = []
    for where, plane in samples:
        codes = nmr_maneuvers(plane)
        rows.append([where, " ".join(codes),
                     ", ".join(maneuver_name(c, lang) for c in codes),
                     _t(lang, "none", "keine")])
    return table("t-nmr", _t(lang, "Missed orders (NMR): what your plane flies",
                             "Verpasste Befehle (NMR): was dein Flugzeug fliegt"),
                 [_t(lang, "Your plane is", "Dein Flugzeug ist"),
                  _t(lang, "Moves 1–3", "Züge 1–3"), _t(lang, "Meaning", "Bedeutung"),
                  _t(lang, "Fire", "Feuer")], rows)


def missed_table(lang: str) -> SafeString:
    rows = [[n, _t(lang, "a warning stands on your own page",
                   "auf deiner eigenen Seite steht eine Warnung")] for n in (1, 2, 3)]
    rows.append([4, _t(lang, "out of the game at the start of that round, before move 1; "
                             "counted as a crash (points lost, 5 into the pot)",
                       "zu Beginn dieser Runde, vor dem ersten Zug, aus der Partie; zählt als "
                       "Absturz (Punkte weg, 5 in den Topf)")])
    return table("t-missed", _t(lang, "Missed rounds in a row", "Verpasste Runden hintereinander"),
                 [_t(lang, "Missed in a row", "Hintereinander verpasst"),
                  _t(lang, "Then", "Dann")], rows)


def points_table(lang: str) -> SafeString:
    pot, balloon = resolve.CRASH_POT, resolve.BALLOON_POINTS
    rows = [
        [_t(lang, "Hit a plane (per hit, the default)", "Flugzeug getroffen (pro Treffer, Standard)"),
         _t(lang, "1 per plane hit by a burst", "1 pro getroffenem Flugzeug und Salve")],
        [_t(lang, "Hit a plane (per damage)", "Flugzeug getroffen (pro Schaden)"),
         _t(lang, "1 per damage point dealt, double-MG point included (4/3/2/1 by range)",
            "1 pro zugefügtem Schadenspunkt, Doppel-MG-Punkt inklusive (4/3/2/1 nach Entfernung)")],
        [_t(lang, "Damage a balloon", "Ballon beschädigt"), "0"],
        [_t(lang, "Destroy a balloon", "Ballon abgeschossen"),
         _t(lang, f"{balloon}, shared: each of the n pilots who hit it in that move gets "
                  f"⌈{balloon}/n⌉",
            f"{balloon}, geteilt: jeder der n Piloten, die ihn in dem Zug trafen, bekommt "
            f"⌈{balloon}/n⌉")],
        [_t(lang, "Shoot a plane down", "Flugzeug abgeschossen"),
         _t(lang, "the gain from the shoot-down table, shared: each of the n pilots who hit "
                  "it in that move gets ⌈gain/n⌉",
            "der Gewinn aus der Abschusstabelle, geteilt: jeder der n Piloten, die es in dem "
            "Zug trafen, bekommt ⌈Gewinn/n⌉")],
        [_t(lang, "Being shot down", "Abgeschossen werden"),
         _t(lang, "lose the loss from the shoot-down table", "Verlust laut Abschusstabelle")],
        [_t(lang, "Crash (board edge, cloud, balloon fire, four NMRs, removal)",
            "Absturz (Rand, Wolke, Ballonabwehr, vier NMR, Herausnahme)"),
         _t(lang, f"lose the same as when shot down; nobody gains; {pot} into the pot",
            f"derselbe Verlust wie beim Abschuss; niemand gewinnt; {pot} in den Topf")],
        [_t(lang, "Winning", "Gewinnen"),
         _t(lang, "the winner takes the pot; with no winner it is void",
            "der Sieger bekommt den Topf; ohne Sieger verfällt er")],
        [_t(lang, "Game end", "Partieende"),
         _t(lang, "career += game points, never below 0",
            "Karriere += Punkte der Partie, nie unter 0")],
    ]
    return table("t-points", _t(lang, "Points and the pot (only in games of six human pilots)",
                                "Punkte und Topf (nur in Partien mit sechs echten Piloten)"),
                 [_t(lang, "Event", "Ereignis"), _t(lang, "Points", "Punkte")], rows)


NAME_EXAMPLES = ("Tailshot", "TAILSHOT", "Tail Shot", "Tàilshot", "Red Baron", "Grace",
                 "Majorette", "AceHunter", "von Major", "General Nuisance", "Oberstleutnant X")


def names_table(lang: str) -> SafeString:
    rows, attrs = [], []
    for name in NAME_EXAMPLES:
        problem = names.name_problem(name)
        same = names.name_key(name) == names.name_key("Tailshot") and name != "Tailshot"
        if problem:
            verdict = _t(lang, "refused: contains a rank word", "abgelehnt: enthält einen Dienstgrad")
        elif same:
            verdict = _t(lang, "the same name as Tailshot", "derselbe Name wie Tailshot")
        else:
            verdict = _t(lang, "allowed", "erlaubt")
        rows.append([name, verdict])
        attrs.append({"name": name, "ok": "no" if problem else "yes"})
    return table("t-names", _t(lang, "Pilot names: examples, checked by the site's own rule",
                               "Pilotennamen: Beispiele, geprüft mit der Regel der Seite"),
                 [_t(lang, "Name", "Name"), _t(lang, "Verdict", "Ergebnis")], rows, attrs)


def chatter_table(lang: str) -> SafeString:
    rows = [
        [_t(lang, "Lines per round", "Zeilen pro Runde"), services.MAX_CHATTER_LINES],
        [_t(lang, "Characters per line", "Zeichen pro Zeile"), services.MAX_CHATTER_LENGTH],
        [_t(lang, "Who reads it", "Wer es liest"),
         _t(lang, "everyone, spectators too, with that round's report",
            "alle, auch Zuschauer, mit dem Bericht der Runde")],
        [_t(lang, "Changes", "Ändern"),
         _t(lang, "until the round is resolved", "bis die Runde ausgewertet ist")],
    ]
    return table("t-chatter", _t(lang, "Radio chatter", "Funkgeplauder"),
                 [_t(lang, "What", "Was"), _t(lang, "Rule", "Regel")], rows)


def balloon_counts(duel: bool) -> list[int]:
    per_set = 2 if duel else 6
    return sorted({s * per_set + c for s in range(setup.MAX_BALLOON_SETS + 1) for c in (0, 1)})


def settings_table(lang: str) -> SafeString:
    full = ", ".join(map(str, balloon_counts(False)))
    duel = ", ".join(map(str, balloon_counts(True)))
    rows = [
        [_t(lang, "Deadline", "Abgabefrist"),
         _t(lang, "its length varies per game; results appear at noon",
            "Länge je Partie verschieden; Ergebnisse erscheinen um zwölf Uhr mittags"), "—"],
        [_t(lang, "Game", "Partie"),
         _t(lang, "full game (six airfields) or duel (two pilots on opposite airfields)",
            "volle Partie (sechs Flugplätze) oder Duell (zwei Piloten auf gegenüberliegenden "
            "Plätzen)"), _t(lang, "full game", "volle Partie")],
        [_t(lang, "Computer pilots", "Computerpiloten"),
         _t(lang, "in given seats; one may later be replaced by a human",
            "auf bestimmten Plätzen; später durch einen Menschen ersetzbar"),
         _t(lang, "none", "keine")],
        [_t(lang, "Clouds at the start", "Wolken zu Beginn"),
         f"0–{setup.MAX_CLOUDS}", setup.DEFAULT_CLOUDS],
        [_t(lang, "Windless game", "Windstille Partie"), _t(lang, "yes / no", "ja / nein"),
         _t(lang, "no", "nein")],
        [_t(lang, "Legacy weather", "Altes Wetter"), _t(lang, "yes / no", "ja / nein"),
         _t(lang, "no", "nein")],
        [_t(lang, "Balloons", "Ballons"),
         _t(lang, f"none / normal rule / shooting through allowed; full game {full}, duel {duel}",
            f"keine / normale Regel / Durchschießen erlaubt; volle Partie {full}, Duell {duel}"),
         _t(lang, "none", "keine")],
        [_t(lang, "Scoring", "Zählweise"), _t(lang, "per hit / per damage",
                                                "pro Treffer / pro Schaden"),
         _t(lang, "per hit", "pro Treffer")],
        [_t(lang, "Wind of a round", "Wind einer Runde"),
         _t(lang, "the referee may fix a direction, or calm", "die Spielleitung kann eine "
            "Richtung oder Windstille festlegen"), "—"],
        [_t(lang, "Removing a pilot", "Pilot herausnehmen"),
         _t(lang, "the referee may; it counts as a crash",
            "die Spielleitung darf es; zählt als Absturz"), "—"],
    ]
    return table("t-settings", _t(lang, "Game settings the referee chooses",
                                  "Einstellungen, die die Spielleitung wählt"),
                 [_t(lang, "Setting", "Einstellung"), _t(lang, "Choices", "Auswahl"),
                  _t(lang, "Default", "Standard")], rows)


@lru_cache(maxsize=None)
def tables(lang: str) -> dict[str, SafeString]:
    return {
        "damage": damage_table(lang), "maneuvers": maneuver_table(lang),
        "shootdown": shootdown_table(lang), "aces": aces_table(lang),
        "ranks": ranks_table(lang), "weather": weather_table(lang),
        "balloons": balloon_table(lang), "ground": ground_table(lang), "nmr": nmr_table(lang),
        "missed": missed_table(lang), "points": points_table(lang), "names": names_table(lang),
        "chatter": chatter_table(lang), "settings": settings_table(lang),
    }


# --- the view --------------------------------------------------------------------------------


def rules(request):
    lang = language(request)
    context = {
        "lang": lang,
        "tables": tables(lang),
        "figures": maneuver_figures(lang),
        "example": example(lang),
        "calm_share": _fraction(calm_share()),
        "career": {"double_mg": career.DOUBLE_MG_AT, **career.ACE_MANEUVERS_AT,
                   "promotion": career.PROMOTION_COST},
        "cloud_radius": setup.CLOUD_NEIGHBOURHOOD,
        "house_rules": house_rules(lang),
    }
    template = "dogfight/rules_de.html" if lang == "de" else "dogfight/rules.html"
    return render(request, template, context)


HOUSE_RULES = (
    ("Board geometry: axial coordinates with the centre at (0, 0); pointy-top hexes; directions "
     "0–5 counter-clockwise from east; left is +1, right is −1.",
     "Geometrie: axiale Koordinaten mit der Mitte bei (0, 0); Hexfelder mit der Spitze nach "
     "oben; Richtungen 0–5 gegen den Uhrzeigersinn ab Osten; links ist +1, rechts −1."),
    ("Seat k owns the airfield in corner k; runway β heads for the centre, α and γ along the "
     "two edges; runway hex 1 and 2 lie one and two hexes out from the corner.",
     "Platz k gehört der Flugplatz in Ecke k; Bahn β zeigt zur Mitte, α und γ laufen an den "
     "beiden Rändern entlang; die Bahnfelder 1 und 2 liegen ein und zwei Felder vor der Ecke."),
    ("Split-S: nose round first, then one hex forward, so you leave the way you came. Loop: out "
     "one hex behind, nose as before. Both are ace maneuvers, not in move 1.",
     "Split-S: erst die Nase herum, dann ein Feld vorwärts, also zurück, woher du kamst. "
     "Looping: ein Feld dahinter heraus, die Nase wie vorher. Beides Ass-Manöver, nicht im "
     "ersten Zug."),
    ("Staying on the ground is a maneuver of its own (G).",
     "Am Boden bleiben ist ein eigenes Manöver (G)."),
    ("Shooting through a balloon: the balloon takes half its range damage rounded up, each "
     "plane behind half its own range damage rounded down; double machine guns add their "
     "point before halving; a half of 0 is no hit.",
     "Durch den Ballon: der Ballon erhält die Hälfte seines Entfernungsschadens, aufgerundet, "
     "jedes Flugzeug dahinter die Hälfte seines eigenen, abgerundet; der Doppel-MG-Punkt kommt "
     "vor dem Halbieren dazu; eine Hälfte von 0 ist kein Treffer."),
    ("A balloon's 5 points are shared like a kill: each pilot who hit it in the move it fell "
     "gets 5/n rounded up.",
     "Die 5 Punkte für einen Ballon werden wie ein Abschuss geteilt: jeder, der ihn im Zug "
     "seines Falls traf, bekommt 5/n aufgerundet."),
    ("The fast group moves and fires before the others: a plane it shoots down neither moves "
     "nor fires in that move. A plane that crashes while moving does not fire in that move.",
     "Die schnelle Gruppe bewegt sich und feuert vor den anderen: wen sie abschießt, der "
     "bewegt sich in dem Zug nicht mehr und feuert nicht. Wer beim Bewegen abstürzt, feuert in "
     "dem Zug nicht."),
    ("A round on the ground counts as whole for repairs only if all three moves were on the "
     "ground.",
     "Eine Runde am Boden zählt für die Reparatur nur als ganz, wenn alle drei Züge am Boden "
     "waren."),
    ("Cloud fairness: no cloud hex within 1 hex of any airfield or runway hex; the number of "
     "cloud hexes within 6 hexes of each airfield's corner differs by at most 1 between "
     "airfields. Planes standing on their own corner take no cloud damage.",
     "Gerechte Wolken: kein Wolkenfeld höchstens 1 Feld von einem Flugplatz- oder Bahnfeld "
     "entfernt; die Zahl der Wolkenfelder im Umkreis von 6 Feldern um das Eckfeld jedes "
     "Flugplatzes unterscheidet sich um höchstens 1. Wer auf seinem Eckfeld steht, erleidet "
     "keinen Wolkenschaden."),
    ("Wind w carries every cloud one hex in direction w and blows from corner w+3; new clouds "
     "come with chance 1/4 per windy round, within 2 hexes of the upwind edge, after the "
     "drift, overlapping no cloud and doing no damage as they arrive.",
     "Wind w schiebt jede Wolke ein Feld in Richtung w und weht von Ecke w+3; neue Wolken "
     "kommen mit Chance 1/4 pro windiger Runde, höchstens 2 Felder vom Rand im Wind, nach dem "
     "Verschieben, ohne eine andere Wolke zu überdecken und ohne Schaden beim Aufziehen."),
    ("A new game starts with 6 clouds (0–12 by the referee's choice), a clear hex between them.",
     "Eine neue Partie beginnt mit 6 Wolken (0–12 nach Wahl der Spielleitung), mit einem "
     "freien Feld dazwischen."),
    ("Legacy weather turns the wind with chance 1/8 per round, left or right equally likely.",
     "Beim alten Wetter dreht der Wind mit Chance 1/8 pro Runde, links oder rechts gleich "
     "wahrscheinlich."),
    ("The fourth missed round in a row removes the pilot at its start, before move 1.",
     "Die vierte verpasste Runde in Folge nimmt den Piloten zu ihrem Beginn heraus, vor dem "
     "ersten Zug."),
    ("Ace thresholds: 20 double machine guns, 40 Immelmann, 60 Split-S, 80 loop, by career "
     "points at game start.",
     "Ass-Schwellen: 20 Doppel-MG, 40 Immelmann, 60 Split-S, 80 Looping, nach Karrierepunkten "
     "bei Spielbeginn."),
    ("Ranks: Leutnant 20 bursts on board, Hauptmann 4 per round, Major repairs 3, "
     "Oberstleutnant the fast plane, Oberst out at 14, General reach 5; each keeps the ones "
     "below.",
     "Dienstgrade: Leutnant 20 Salven an Bord, Hauptmann 4 pro Runde, Major repariert 3, "
     "Oberstleutnant das schnelle Flugzeug, Oberst erst bei 14 aus, General Reichweite 5; "
     "jeder behält die darunter."),
    ("Promotion is offered on the career page when you have 100 points or more and fly in no "
     "running game; one confirmed click takes it.",
     "Die Beförderung wird auf der Karriereseite angeboten, sobald du 100 Punkte oder mehr hast "
     "und in keiner laufenden Partie fliegst; ein bestätigter Klick nimmt sie an."),
    ("A line of chatter holds at most 200 characters.",
     "Eine Zeile Funkgeplauder hat höchstens 200 Zeichen."),
    ("Balloons come in fair sets: the centre hex and/or one balloon per airfield in play, each "
     "at the same place relative to its airfield; none within 1 hex of an airfield or runway.",
     "Ballons kommen in gerechten Sätzen: das Mittelfeld und/oder ein Ballon pro Flugplatz im "
     "Spiel, jeder an derselben Stelle relativ zu seinem Platz; keiner höchstens 1 Feld von "
     "einem Flugplatz oder einer Bahn entfernt."),
)

ENGINE_READINGS = (
    ("A burst “through” a balloon passes one balloon at most: a second balloon on the line "
     "stops it and takes half its damage, rounded down.",
     "Eine Salve „durch den Ballon hindurch“ durchquert höchstens einen Ballon: ein zweiter "
     "Ballon auf der Linie hält sie auf und erhält die Hälfte ihres Schadens, abgerundet."),
    ("When scoring per damage, a hit scores its full damage (even if the target had fewer "
     "points left before being out).",
     "Bei der Zählung pro Schaden bringt ein Treffer seinen vollen Schaden ein (auch wenn dem "
     "Ziel bis zum Aus weniger fehlte)."),
    ("Cloud fairness counts the cloud hexes within 6 hexes of each airfield's corner.",
     "Die Gerechtigkeit der Wolken zählt die Wolkenfelder im Umkreis von 6 Feldern um das "
     "Eckfeld jedes Flugplatzes."),
    ("A pilot name is refused for a rank word only when it stands as a word of its own, "
     "CamelCase humps included: ‘AceHunter’ and ‘von Major’ are refused, ‘Grace’ is allowed.",
     "Ein Pilotenname wird wegen eines Dienstgrads nur abgelehnt, wenn dieser ein eigenes Wort "
     "ist, Binnengroßbuchstaben eingeschlossen: ‚AceHunter‘ und ‚von Major‘ werden abgelehnt, "
     "‚Grace‘ ist erlaubt."),
    ("Orders must be in by the deadline.",
     "Befehle müssen bis zur Abgabefrist eingegangen sein."),
    ("If the server's scheduler was down over a deadline, pilots whose orders were missing get "
     "until the next day's noon: nobody gets an NMR because the server was down.",
     "War der Zeitplaner des Servers über eine Frist hinweg ausgefallen, haben Piloten, deren "
     "Befehle fehlten, bis zum nächsten Tag um zwölf Uhr Zeit: niemand bekommt ein NMR, weil "
     "der Server stand."),
)


def house_rules(lang: str) -> dict[str, list[str]]:
    return {"decisions": [_t(lang, en, de) for en, de in HOUSE_RULES],
            "readings": [_t(lang, en, de) for en, de in ENGINE_READINGS]}
