"""For the worker-killed test only: the first resolution in the worker stops half-way, inside
its transaction with the round locked, and waits to be killed.

Imported by ``worker_settings`` when ``SKIES_TEST_STALL_ONCE`` names a file: the resolving
process creates that file (holding its pid) and sleeps; a later resolution, once the file is
there, runs as usual.
"""

from __future__ import annotations

import os
import time

from dogfight.plugin import DogfightRules


def stall_the_first_resolution(marker: str) -> None:
    resolve = DogfightRules.resolve

    def stalling(self, *args, **kwargs):
        outcome = resolve(self, *args, **kwargs)
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return outcome  # the round's second delivery: resolve it
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        time.sleep(120)  # killed here, the report not written, the transaction open
        return outcome

    DogfightRules.resolve = stalling
