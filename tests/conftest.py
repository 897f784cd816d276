"""Fixtures shared by every test. pytest-django provides `db`, `client` and `live_server`."""
