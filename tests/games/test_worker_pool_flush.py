"""The prefork pool's flush on a warm shutdown keeps a job already written to a child.

Celery's own flush (the real code, on a pool object with only the attributes it reads) drops
every job no child has acknowledged; one already in a child's pipe is still run there, and its
child then waits 30 s at exit for a result the pool no longer reads (config/worker_pool.py).
"""

from types import SimpleNamespace

from billiard.pool import CLOSE, ApplyResult
from celery.concurrency.asynpool import AsynPool

import config.celery  # noqa: F401  (installs the flush that keeps written jobs: config/worker_pool.py)


def pool_with_jobs():
    pool = AsynPool.__new__(AsynPool)
    pool._state, pool.synack, pool._cache = CLOSE, False, {}
    pool.outbound_buffer, pool._active_writers, pool._active_writes = [], set(), set()
    pool._busy_workers = set()
    pool.maintain_pool = lambda: None
    child = SimpleNamespace(inqW_fd=7, _is_alive=lambda: True)
    written, queued = (ApplyResult(pool._cache, None, None) for _ in range(2))
    written._write_to = child  # in the child's pipe, not acknowledged yet
    return pool, written, queued


def test_flush_keeps_a_written_job_and_drops_one_no_child_has():
    pool, written, _queued = pool_with_jobs()
    pool.flush()
    assert list(pool._cache.values()) == [written]
    assert written._accepted is False  # its acknowledgement still comes from the child


def test_celerys_own_flush_drops_both():
    pool, _written, _queued = pool_with_jobs()
    AsynPool.flush.__wrapped__(pool)
    assert pool._cache == {}
