"""axe-core finds nothing serious on the race's pages (issue 28), in the light and the dark
colour scheme: the draft, the order form with its equipment (a Kupferwurm's chips, the
Überhirn's fields), the game page, a turn's report and the rules page.

The page is not held to a clean console here: axe-core itself, evaluated through the DevTools
protocol, applies inline styles while it judges colour contrast, which the site's
Content-Security-Policy blocks and logs (the pages' own console is held clean by the other
browser tests)."""

import pytest
from django.urls import reverse

from tests.browser import _page, axe_violations, log_in
from tests.factories import make_user

from .helpers import make_race, page_url, send, straight, uberhirn_race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_races_pages_have_no_serious_accessibility_violation(
    browser, live_server, scheme, django_capture_on_commit_callbacks
):
    alice, bob = make_user("alice"), make_user("bob")
    drafting = make_race(alice, bob, level=2)
    racing = make_race(alice, bob)
    send(racing, alice, straight(), django_capture_on_commit_callbacks)
    send(racing, bob, straight(), django_capture_on_commit_callbacks)
    uberhirn_race(racing, third_y=-100)  # alice on turn again, with an Überhirn
    context, page, _axes_own_styles = _page(browser, viewport={"width": 1280, "height": 900})
    page.emulate_media(color_scheme=scheme)
    log_in(page, live_server.url, alice)
    urls = {
        "draft": page_url(drafting, 0, "draft"),
        "order form": f"{page_url(racing, 0)}?use_1=before&inner_card_1=kupferwurm",
        "game": reverse("game", args=[racing.pk]),
        "report": reverse("round_report", args=[racing.pk, 1]),
        "rules": reverse("racing:rules"),
    }
    found = {}
    try:
        for name, url in urls.items():
            page.goto(f"{live_server.url}{url}")
            violations = axe_violations(page)
            if violations:
                found[name] = violations
    finally:
        context.close()
    assert found == {}
