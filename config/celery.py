import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

from config import worker_pool

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

worker_pool.keep_jobs_a_child_already_has()

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
