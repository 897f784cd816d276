import pytest

from tests.people import alice, bob, carol, fast_passwords  # noqa: F401  (fixtures)


@pytest.fixture
def lab_draws(monkeypatch) -> list[int]:
    """The seats whose lab ``joyride.svg.lab`` draws from now on, in turn."""
    from joyride import svg

    drawn: list[int] = []
    real = svg.lab

    def counted(*args, **kwargs):
        drawn.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(svg, "lab", counted)
    return drawn
