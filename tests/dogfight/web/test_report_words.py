"""A report's wording (as seen in played games) and its replay: bursts as lines, hits as
marks, a plane that flew off the board drawn in the ring beyond it, the balloon tick in the
moves table."""

import re

from dogfight import report, svg
from dogfight.engine.board import CORNERS
from dogfight.engine.orders import validate_orders
from dogfight.engine.resolve import resolve_round
from dogfight.engine.state import Balloon, Plane, Settings, State

NAMES = {0: "Karl", 1: "Hans im Glück", 2: "Erika"}


def test_one_missed_round_is_not_counted_as_round_1_in_a_row():
    line = report.describe_event(
        {"move": None, "type": "missed", "seat": 0, "missed_rounds": 1}, NAMES
    )
    assert line == "Karl sent no orders and flies straight on."


def test_the_round_a_pilot_is_out_for_missed_orders_does_not_fly_him_straight_on():
    events = [
        {"move": None, "type": "weather", "wind": None, "fixed": False, "windless": False},
        {"move": None, "type": "missed", "seat": 0, "missed_rounds": 4},
        {"move": None, "type": "crash", "seat": 0, "cause": "nmr", "loss": 0},
        {"move": None, "type": "missed", "seat": 2, "missed_rounds": 2},
    ]
    lines = report.describe(events, NAMES)
    assert "Karl missed a fourth round in a row and is out." in lines
    assert not any("Karl sent no orders" in line for line in lines)
    assert "Erika sent no orders (2 missed rounds in a row) and flies straight on." in lines
    grouped = [line for group in report.moves_in_words(events, NAMES) for line in group["lines"]]
    assert not any("flies straight on" in line and "Karl" in line for line in grouped)


def test_a_balloon_shot_down_by_one_pilot_gives_no_points_each():
    alone = {"move": 2, "type": "balloon_destroyed", "q": 0, "r": 0, "by": [1], "points": 5}
    assert report.describe_event(alone, NAMES) == (
        "The balloon at (0, 0) goes down in flames (Hans im Glück: 5 points)."
    )
    shared = {**alone, "by": [1, 2], "points": 3}
    assert report.describe_event(shared, NAMES).endswith("(Hans im Glück, Erika: 3 points each).")


def test_no_report_line_calls_a_pilot_he():
    events = [
        {"move": 1, "type": "shot_down", "seat": 0, "by": [1], "loss": 5, "gain": 5},
        {"move": 1, "type": "shot_down", "seat": 0, "by": [1, 2], "loss": 5, "gain": 3},
        {"move": 1, "type": "crash", "seat": 2, "cause": "edge", "loss": 5},
        {"move": 2, "type": "landed", "seat": 1},
    ]
    for event in events:
        line = report.describe_event(event, NAMES)
        assert not re.search(r"\b(he|He|his|him)\b", line), line


def _round_with_a_burst_and_a_crash():
    """Karl (fast, Oberstleutnant) fires ahead at Hans in move 1, through a balloon's hex
    rule; Erika flies off the board in move 1."""
    state = State(
        settings=Settings(balloon_rule="through"),
        planes=[
            Plane(0, (0, 0), 0, status="air", rank=4),
            Plane(1, (3, 0), 0, status="air"),
            Plane(2, (0, 9), 5, status="air"),
        ],
        balloons=[Balloon((2, 0), 0)],
    )
    raw = {
        0: [
            {"maneuver": "A", "fire": ["A"], "through": True},
            {"maneuver": "A"},
            {"maneuver": "A"},
        ],
        1: [{"maneuver": "A"}] * 3,
        2: [{"maneuver": "A"}] * 3,
    }
    orders = {
        seat: validate_orders(state.plane(seat), state.settings, moves)
        for seat, moves in raw.items()
    }
    after, events = resolve_round(state, orders, 1, wind=None)
    return state.to_dict(), events, after.to_dict()


def test_the_replay_draws_each_burst_and_its_hits():
    before, events, after = _round_with_a_burst_and_a_crash()
    frames = report.frames(before, events, after, NAMES)
    move_1 = frames[1]
    assert [b["hexes"] for b in move_1["bursts"]] == [[[2, 0], [3, 0], [4, 0], [5, 0]]]
    assert move_1["bursts"][0]["from"] == (1, 0)
    board = svg.board_svg(
        {**move_1, "planes": [{**p, "show_out": True} for p in move_1["planes"]]}, NAMES
    )
    assert board.count('<g class="fired seat-0">') == 1
    # Through the balloon at range 1 (4: half, rounded up, 2), Hans behind it at range 2
    # (3: half, rounded down, 1), marked where he was when hit: the fast plane fired first.
    assert board.count('<g class="hit"') == 2
    x, y = svg.centre(2, 0)
    assert f'<g class="hit" transform="translate({x:.1f},{y:.1f})"><title>hit: 2 damage' in board
    x, y = svg.centre(3, 0)
    assert f'<g class="hit" transform="translate({x:.1f},{y:.1f})"><title>hit: 1 damage' in board
    assert frames[0].get("bursts") is None and "fired" not in svg.board_svg(frames[0], NAMES)


def test_a_plane_that_flew_off_the_board_is_drawn_beyond_it_with_a_crash_mark():
    before, events, after = _round_with_a_burst_and_a_crash()
    move_1 = report.frames(before, events, after, NAMES)[1]
    erika = next(p for p in move_1["planes"] if p["seat"] == 2)
    assert (erika["q"], erika["r"], erika["status"]) == (0, 10, "out")
    board = svg.board_svg({**move_1, "planes": [{**erika, "show_out": True}]}, NAMES)
    x, y = svg.centre(0, 10)
    assert f'transform="translate({x:.1f},{y:.1f})"' in board
    view = re.search(r'viewBox="([-\d. ]+)"', board).group(1).split()
    top, height = float(view[1]), float(view[3])
    assert y + svg.SIZE <= top + height, "the wreck is cut off at the board's edge"
    assert 'class="plane seat-2 out"' in board and "crash-mark" in board


def test_the_moves_table_says_through_the_balloon():
    _before, events, _after = _round_with_a_burst_and_a_crash()
    log = report.flight_log(events, [0, 1, 2])
    assert log[0]["moves"][0]["through"] is True
    assert not log[1]["moves"][0].get("through")


def test_a_windless_rounds_replay_does_not_speak_of_the_wind():
    before, events, after = _round_with_a_burst_and_a_crash()
    windy = report.frames(before, events, after, NAMES)[-1]["title"]
    assert windy == "End of the round (after the wind)"
    calm = [{**e, "windless": True, "wind": None} if e["type"] == "weather" else e for e in events]
    assert report.frames(before, calm, after, NAMES)[-1]["title"] == "End of the round"


def _take_off_round() -> list[dict]:
    """Karl takes off on runway beta in moves 1 and 2, then flies ahead; seat 3 stays put."""
    state = State(
        settings=Settings(),
        planes=[Plane(0, CORNERS[0], 3, status="ground"), Plane(3, CORNERS[3], 0, status="ground")],
        round=1,
        wind=None,
        clouds=frozenset(),
        balloons=[],
    )
    orders = validate_orders(
        state.plane(0), state.settings, [{"maneuver": "TB"}, {"maneuver": "TB"}, {"maneuver": "A"}]
    )
    stay = validate_orders(state.plane(3), state.settings, [{"maneuver": "G"}] * 3)
    _state, events = resolve_round(state, {0: orders, 3: stay}, 1, wind=None)
    return events


def test_a_take_off_leaves_the_ground_in_its_second_move_as_the_rules_say():
    groups = {g["title"]: g["lines"] for g in report.moves_in_words(_take_off_round(), NAMES)}
    assert groups["Move 1"] == ["Karl rolls onto the runway to take off."]
    assert groups["Move 2"] == ["Karl lifts off."]
    assert not any("takes off" in line for lines in groups.values() for line in lines)
    lines = report.describe(_take_off_round(), NAMES)
    assert lines.index("  Karl rolls onto the runway to take off.") < lines.index("Move 2:")
    assert lines.index("  Karl lifts off.") > lines.index("Move 2:")


def _head_on_round():
    """Karl and Hans meet head on in move 1 and fire at each other along one line; Hans has
    10 damage already and is shot down, Karl is hit."""
    state = State(
        settings=Settings(),
        planes=[
            Plane(0, (0, 0), 0, status="air"),
            Plane(1, (4, 0), 3, status="air", damage=10),
            Plane(2, (0, 6), 0, status="air"),
        ],
    )
    fire = [{"maneuver": "A", "fire": ["A"]}, {"maneuver": "A"}, {"maneuver": "A"}]
    raw = {0: fire, 1: fire, 2: [{"maneuver": "A"}] * 3}
    orders = {
        seat: validate_orders(state.plane(seat), state.settings, moves)
        for seat, moves in raw.items()
    }
    after, events = resolve_round(state, orders, 1, wind=None)
    move_1 = report.frames(state.to_dict(), events, after.to_dict(), NAMES)[1]
    return svg.board_svg(
        {**move_1, "planes": [{**p, "show_out": True} for p in move_1["planes"]]}, NAMES
    )


def _mark_offset(board: str, kind: str) -> tuple[float, float]:
    found = re.search(
        rf'<g class="{kind}" transform="translate\([-\d.]+,[-\d.]+\)"><title>[^<]*</title>'
        r'<g transform="translate\(([-\d.]+),([-\d.]+)\)">',
        board,
    )
    assert found, kind
    return float(found.group(1)), float(found.group(2))


def test_a_hit_is_marked_beside_the_plane_and_a_shoot_down_looks_different():
    board = _head_on_round()
    assert board.count('<g class="hit kill"') == 1 and "<title>shot down: " in board
    assert board.count('<g class="hit" ') == 1 and "<title>hit: 3 damage" in board
    for kind in ("hit", "hit kill"):
        dx, dy = _mark_offset(board, kind)
        assert min(abs(dx), abs(dy)) >= 5  # the plane in the hex's middle stays in view


def test_two_bursts_along_one_line_are_drawn_apart():
    lines = re.findall(
        r'<g class="fired seat-\d"><line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" '
        r'y2="([-\d.]+)"',
        _head_on_round(),
    )
    assert len(lines) == 2
    (a, b) = [tuple(map(float, line)) for line in lines]
    ends_a, ends_b = {a[:2], a[2:]}, {b[:2], b[2:]}
    assert ends_a != ends_b
    gap = min(abs(a[1] - b[1]), abs(a[0] - b[0]))
    assert gap >= 1  # side by side, not one over the other
