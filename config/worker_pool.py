"""A fix for Celery's prefork pool (celery 5.7.0, billiard 4.3.2), installed by config/celery.py.

When the pool's consumer closes (a warm shutdown, a lost broker), ``AsynPool.flush`` drops
from its cache every job no child has acknowledged yet, the ones it has already written into a
child's pipe too. The child still reads and runs such a job and sends its result, but the pool
stops reading results once its cache is empty, and billiard's child then waits 30 s (300 x
0.1 s, ``_ensure_messages_consumed``) for that result to be counted before it exits: a warm
shutdown while short tasks flow (the report mail after a noon batch) waits 30 s for a child, and
the dropped job runs a second time after the restart (docs/performance.md has the measurement).

Upstream: the dropping comes from celery/celery#6863, "Discard jobs on flush if synack isn't
enabled" (https://github.com/celery/celery/pull/6863), the fix for jobs left in the cache for
good after a lost connection (https://github.com/celery/celery/issues/6855). We found no
upstream issue that reports this side effect, jobs already written to a child discarded too;
#6863 is the closest: the change this workaround amends.

Jobs whose writing has begun count as taken for the flush: they stay in the cache, their
results are read, their messages acked, and the child exits. Jobs not sent to any child are
dropped as before (the broker delivers them again). It reads three private attributes of
billiard's jobs; tests/games/test_worker_pool_flush.py runs Celery's real flush on real jobs,
so an upgrade that changes them fails there first.
"""

from __future__ import annotations

from celery.concurrency.asynpool import AsynPool


def keep_jobs_a_child_already_has() -> None:
    if getattr(AsynPool.flush, "__wrapped__", None) is None:
        AsynPool.flush = _keeping_written_jobs(AsynPool.flush)


def _keeping_written_jobs(flush):
    def flush_keeping_written_jobs(self):
        taken = [
            job for job in self._cache.values() if not job._accepted and job._write_to is not None
        ]
        for job in taken:
            job._accepted = True
        try:
            return flush(self)
        finally:
            for job in taken:
                if job._worker_pid is None:  # no acknowledgement from the child arrived yet
                    job._accepted = False

    flush_keeping_written_jobs.__wrapped__ = flush
    return flush_keeping_written_jobs
