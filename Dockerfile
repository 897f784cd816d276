# Production image: one image for web, worker and beat (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The words on boards' link-preview pictures (games/pictures.py) need a font.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY . .
# Editable, so settings find templates/ and static/ beside config/ in /app.
RUN pip install -e . \
    && DEBUG=1 python manage.py collectstatic --noinput \
    && useradd --system --home-dir /app skies \
    && chown -R skies /app

USER skies
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
