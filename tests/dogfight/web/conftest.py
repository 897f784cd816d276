from tests.browser import browser, page, phone_page  # noqa: F401  (the browser tests' fixtures)
