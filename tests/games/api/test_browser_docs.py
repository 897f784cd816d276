"""The API's docs page (Swagger UI, from the site's own static files) shows every operation
in a real browser, under the site's Content-Security-Policy (the ``page`` fixture fails on
anything it blocks)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_docs_page_lists_the_operations(page, live_server):
    page.goto(f"{live_server.url}/api/v1/docs")
    expect(page.locator(".opblock").first).to_be_visible()
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any(
        "/api/v1/games/{game_id}/seats/{number}/orders" in p.replace("\u200b", "") for p in paths
    ), paths
    page.locator(".opblock-summary", has_text="/api/v1/kinds").first.click()
    expect(page.get_by_role("button", name="Try it out").first).to_be_visible()
