"""The baseline: a bare Flask app answering "hello" (served by gunicorn like the real one)."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "hello"
