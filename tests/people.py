"""The people of the games' web tests, imported by each game's ``web/conftest.py``: alice, bob
and carol, with a fast password hasher (their logins are not what these tests measure)."""

import pytest

from tests.factories import make_user


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")
