"""A number field of the order form that holds no number is refused, never flown: the page
answers 400 with the form as typed, and nothing is sealed."""

import pytest

from games.models import Order

from .helpers import make_race, page_url

pytestmark = pytest.mark.django_db
SENT = {"round": "1", "lift": "1", "h1": "0", "h2": "0", "slips": "", "send": "1"}


@pytest.mark.parametrize(
    "garbage, words",
    [
        ({"h1": "nan"}, "the first hinge must be a number"),
        ({"h2": "1e999"}, "the second hinge must be a number"),
        ({"h1": ""}, "the first hinge must be a number"),
        ({"lift": "fast"}, "the lift must be a number"),
        ({"slips": "10 x"}, "the slips&#x27; hinges must be a number"),
    ],
)
def test_a_number_field_without_a_number_is_a_400_with_the_form_kept(
    client, alice, bob, garbage, words
):
    game = make_race(alice, bob)
    client.force_login(alice)
    response = client.post(page_url(game, 0, "submit"), {**SENT, "h2": "12.5", **garbage})
    page = response.content.decode()
    assert response.status_code == 400
    assert words in page
    assert 'id="order-form"' in page and ('value="12.5"' in page) == ("h2" not in garbage)
    assert not Order.objects.filter(seat__game=game).exists()


def test_the_preview_says_the_same_and_flies_nothing(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    page = client.get(
        page_url(game, 0, "preview"), {**SENT, "h1": "nan"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "the first hinge must be a number" in page and "Landing at" not in page
