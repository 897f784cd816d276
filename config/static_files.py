"""The static files' storage: WhiteNoise's, with each file's address worked out once."""

from __future__ import annotations

from whitenoise.storage import CompressedStaticFilesStorage


class StaticFiles(CompressedStaticFilesStorage):
    """WhiteNoise's compressed files, each ``{% static %}`` address kept per name: every page
    asks for several (the stylesheets and scripts of its frame and its game), each some 50 us
    of URL joining and quoting, and an address changes only with ``STATIC_URL``, whose change
    makes Django build a new storage (so a new, empty dict)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str | None, str] = {}

    def url(self, name: str | None) -> str:
        address = self._urls.get(name)
        if address is None:
            address = self._urls[name] = super().url(name)
        return address
