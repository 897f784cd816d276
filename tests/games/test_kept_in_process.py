"""games.kept.InProcess: the bounded store every seat page keeps its drawn parts in."""

from games.kept import InProcess


def test_a_part_is_drawn_once_then_served_from_the_store():
    store, drawn = InProcess(4), []

    def draw():
        drawn.append(1)
        return "<p>part</p>"

    assert store.get_or_draw(("page", "en"), draw) == "<p>part</p>"
    assert store.get_or_draw(("page", "en"), draw) == "<p>part</p>"
    assert len(drawn) == 1
    assert store.get(("page", "de")) is None


def test_when_full_the_least_recently_used_part_goes_first():
    store = InProcess(2)
    store.put("a", 1)
    store.put("b", 2)
    assert store.get("a") == 1  # "a" used last: "b" is now the oldest
    store.put("c", 3)
    assert list(store) == ["a", "c"]
    assert store.get("b") is None and len(store) == 2


def test_clear_forgets_every_part():
    store = InProcess(3)
    store.put("a", 1)
    store.clear()
    assert len(store) == 0 and store.values() == []
