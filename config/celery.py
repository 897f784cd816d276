import os

from celery import Celery
from celery.concurrency.asynpool import AsynPool
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _keep_jobs_a_child_already_has(flush):
    """Celery's prefork pool, when its consumer closes (a warm shutdown, a lost broker),
    drops from its cache every job no child has acknowledged yet, the ones it has already
    written into a child's pipe too. The child still reads and runs such a job and sends its
    result, but the pool stops reading results once its cache is empty, and billiard's child
    then waits 30 s (300 x 0.1 s, _ensure_messages_consumed) for that result to be counted
    before it exits: a warm shutdown while short tasks flow took 31.7 s instead of 2 (celery
    5.7.0, billiard 4.3.2). Jobs whose writing has begun count as taken for the flush: they
    stay in the cache, their results are read, their messages acked, and the child exits."""

    def flush_keeping_written_jobs(self):
        taken = [job for job in self._cache.values()
                 if not job._accepted and job._write_to is not None]
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


AsynPool.flush = _keep_jobs_a_child_already_has(AsynPool.flush)

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def keep_connections_as_requests_do(task=None, **kwargs) -> None:
    """Around each task, what Django does around each request: drop a database connection that
    is broken or older than CONN_MAX_AGE, keep the others. Celery's own fixup would close them
    all (see CELERY_DB_REUSE_MAX): a new PostgreSQL backend for every task, with its login and
    cold caches. Not for a task run eagerly, inside its caller's request and transaction."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
