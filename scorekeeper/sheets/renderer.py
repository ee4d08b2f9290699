"""PDF renders in child processes: a bounded number at once per worker, each bounded in time.

A render is WeasyPrint laying the document out: CPU-bound, from half a second for a sheet to
tens of seconds for the largest tournament's papers. In the worker's own process it would hold
the interpreter's lock while the worker's other threads serve saves; here each render runs in a
child process of the worker (started on first use, kept for the next render), with a lower CPU
priority (``nice``), so the machine serves a table's save before it goes on with a printout.

The bounds (app config, each with a default):

- ``PDF_RENDERS_PER_WORKER`` (1): renders at once in one worker; a request that finds them all
  busy waits for one, at most ``PDF_RENDER_WAIT`` seconds (30), and only while fewer than
  ``PDF_RENDER_QUEUE`` (16) requests of the worker wait already: otherwise it is refused at once.
  A refused request answers 503 with ``Retry-After``. A waiting request is a greenlet of the
  worker (gevent), so waiting costs nothing but the wait: long enough for a render that starts
  its child process on a busy machine (about 5 s), or for the sheets of tables that finish
  together. (Four waited until 2026-12-05: a 1,000-table night ends some 40 games in two
  minutes, a sheet each, and the fifth of a worker's sheets asked at once was refused, where
  it would have been made within the wait.)
- ``PDF_RENDER_SECONDS`` (180) of time and ``PDF_RENDER_CPU_SECONDS`` (90) of CPU for one render:
  past either the child is killed and the request answers 503. The bounds on what a game and a
  tournament hold (``MAX_HANDS``, ``MAX_PAIRS``, ``MAX_ROUNDS``) keep every printout far inside
  them on a quiet machine.
- ``PDF_RENDER_NICE`` (10): the children's CPU priority, added to the worker's.

The child reads requests on its standard input and answers on its standard output: a 4-byte
length, a JSON head, then the HTML or the PDF.
"""

from __future__ import annotations

import atexit
import json
import os
import resource
import select
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import IO, Any, TypeVar

from .. import ROOT


class RenderRefused(Exception):
    """No render was made; ``retry_after`` is how many seconds to wait before asking again."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class RenderBusy(RenderRefused):
    """Every render of the worker is taken, and waiting for one would take too long."""


class RenderTooLong(RenderRefused):
    """The render took more time or CPU than one may: its child was stopped."""


class RenderFailed(RuntimeError):
    """The child could not render the document (WeasyPrint raised, or the child died)."""


_Number = TypeVar("_Number", int, float)


def _bound(default: _Number, key: str, least: _Number, most: _Number | None = None) -> _Number:
    """A limit's default, with the app config key that sets it and the range it is kept in."""
    bound: _Number = field(default=default, metadata={"key": key, "least": least, "most": most})
    return bound


@dataclass(frozen=True)
class Limits:
    """How many renders at once, how long one may wait and take (see the module's notes)."""

    renders: int = _bound(1, "PDF_RENDERS_PER_WORKER", least=1)
    queue: int = _bound(16, "PDF_RENDER_QUEUE", least=0)
    wait: float = _bound(30.0, "PDF_RENDER_WAIT", least=0.0)
    seconds: float = _bound(180.0, "PDF_RENDER_SECONDS", least=0.01)
    cpu_seconds: int = _bound(90, "PDF_RENDER_CPU_SECONDS", least=1)
    # Nice values stop at 19.
    nice: int = _bound(10, "PDF_RENDER_NICE", least=0, most=19)

    @classmethod
    def from_config(cls, config: Any) -> Limits:
        """The limits the app config sets, each kept in its range (its default where unset)."""
        values: dict[str, int | float] = {}
        for limit in fields(cls):
            # The default's type reads the config's value, given as a number or as text.
            number = float if isinstance(limit.default, float) else int
            value = number(config.get(limit.metadata["key"], limit.default))
            value = max(limit.metadata["least"], value)
            if limit.metadata["most"] is not None:
                value = min(limit.metadata["most"], value)
            values[limit.name] = value
        return cls(**values)  # type: ignore[arg-type]


#: Seconds a refused printout is told to wait before asking again: a sheet renders in about a
#: second, so a few seconds (never more than the wait itself).
RETRY_AFTER = 5


def retry_after(limits: Limits) -> int:
    return max(1, min(RETRY_AFTER, int(limits.wait)))


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    #: CPU seconds the child spent on it.
    cpu: float


_HEAD = struct.Struct(">I")


def _send(out: IO[bytes], head: dict[str, Any], body: bytes) -> None:
    data = json.dumps(head).encode()
    out.write(_HEAD.pack(len(data)) + data + body)
    out.flush()


# -- the child -----------------------------------------------------------------------------------


def _read_exactly(stream: IO[bytes], n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def serve(nice: int) -> None:
    """The child's loop: render each request, answer it, until standard input closes."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever else writes to standard output lands in standard error
    os.nice(nice)
    from .render import html_to_pdf  # WeasyPrint, the print CSS and the fetcher

    inp = sys.stdin.buffer
    while True:
        raw = _read_exactly(inp, _HEAD.size)
        if raw is None:
            return
        head_raw = _read_exactly(inp, _HEAD.unpack(raw)[0])
        if head_raw is None:
            return
        head = json.loads(head_raw)
        body = _read_exactly(inp, int(head["length"]))
        if body is None:
            return
        # The CPU bound: past it the kernel stops the process (SIGXCPU).
        used = time.process_time()
        soft = int(used) + 1 + int(head["cpu_seconds"])
        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
        if hard == resource.RLIM_INFINITY or soft <= hard:
            resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
        try:
            pdf = html_to_pdf(body.decode("utf-8", "surrogatepass"), paper=head["paper"],
                              landscape=head["landscape"])
        except Exception as exc:  # the parent answers 500 with it
            _send(out, {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:500]}, b"")
            continue
        _send(out, {"ok": True, "length": len(pdf), "cpu": time.process_time() - used}, pdf)


# -- the worker's side ---------------------------------------------------------------------------


class _Child:
    """One child process and its pipes."""

    def __init__(self, nice: int) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
        self.nice = nice
        # Lowered from the start (``nice``): importing the app and WeasyPrint takes a second or
        # two of CPU, which the worker's requests should not wait for either.
        command = [sys.executable, "-c",
                   "import sys; from scorekeeper.sheets.renderer import serve; "
                   "serve(int(sys.argv[1]))"]
        lower = shutil.which("nice")
        if lower:
            command = [lower, "-n", str(nice), *command, "0"]
        else:
            command.append(str(nice))
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env,
        )

    def render(self, html: str, *, paper: str, landscape: bool, limits: Limits) -> Rendered:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        body = html.encode("utf-8", "surrogatepass")
        _send(self.proc.stdin, {"length": len(body), "paper": paper, "landscape": landscape,
                                "cpu_seconds": limits.cpu_seconds}, body)
        deadline = time.monotonic() + limits.seconds
        fd = self.proc.stdout.fileno()
        head = json.loads(self._read(fd, self._length(fd, deadline), deadline))
        if not head["ok"]:
            raise RenderFailed(head["error"])
        return Rendered(self._read(fd, int(head["length"]), deadline), float(head["cpu"]))

    def _length(self, fd: int, deadline: float) -> int:
        return int(_HEAD.unpack(self._read(fd, _HEAD.size, deadline))[0])

    def _read(self, fd: int, n: int, deadline: float) -> bytes:
        chunks, left = [], n
        # poll, not select: a worker holding thousands of event streams has descriptors past
        # select's 1,024, and the render's pipe was one of them (every sheet failed, 500).
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        while left:
            wait = deadline - time.monotonic()
            if wait <= 0 or not poller.poll(wait * 1000):
                raise TimeoutError
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def stopped_by_cpu_bound(self) -> bool:
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return False
        return code == -signal.SIGXCPU

    def close(self, *, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Slot:
    """A render held by a request: its child process, started on first use."""

    def __init__(self, child: _Child | None, limits: Limits) -> None:
        self.child = child
        self.limits = limits

    def render(self, html: str, *, paper: str, landscape: bool) -> Rendered:
        """``html`` as PDF bytes in the slot's child; raises :class:`RenderTooLong`,
        :class:`RenderFailed` (the child is stopped, and the next render starts another)."""
        if self.child is None or self.child.proc.poll() is not None:
            self.child = _Child(self.limits.nice)
        child = self.child
        try:
            return child.render(html, paper=paper, landscape=landscape, limits=self.limits)
        except (TimeoutError, EOFError, OSError) as exc:
            self.child = None
            child.close(kill=True)
            if isinstance(exc, TimeoutError) or child.stopped_by_cpu_bound():
                raise RenderTooLong(60) from exc
            raise RenderFailed(f"the render process stopped: {exc!r}") from exc


class Renderer:
    """The worker's renders: at most ``Limits.renders`` at once, each in a child process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._free = threading.Condition(self._lock)
        self._busy = 0
        self._waiting = 0
        self._idle: list[_Child] = []
        self._owner = os.getpid()

    def render(self, html: str, *, paper: str, landscape: bool, limits: Limits) -> Rendered:
        """``html`` as PDF bytes; raises :class:`RenderBusy`, :class:`RenderTooLong`,
        :class:`RenderFailed`."""
        with self.slot(limits) as slot:
            return slot.render(html, paper=paper, landscape=landscape)

    @contextmanager
    def slot(self, limits: Limits) -> Iterator[Slot]:
        """One of the worker's renders, held for the ``with`` block (the caller builds its HTML
        in it too, so that work is bounded as well); raises :class:`RenderBusy`."""
        held = Slot(self._take(limits), limits)
        try:
            yield held
        finally:
            self._give_back(held.child)

    def _take(self, limits: Limits) -> _Child | None:
        with self._lock:
            if os.getpid() != self._owner:  # a forked worker: the children are its parent's
                self._idle, self._busy, self._waiting = [], 0, 0
                self._owner = os.getpid()
            if self._busy >= limits.renders:
                if self._waiting >= limits.queue:
                    raise RenderBusy(self._retry_after(limits))
                self._waiting += 1
                try:
                    ends = time.monotonic() + limits.wait
                    while self._busy >= limits.renders:
                        left = ends - time.monotonic()
                        if left <= 0:
                            raise RenderBusy(self._retry_after(limits))
                        self._free.wait(left)
                finally:
                    self._waiting -= 1
            self._busy += 1
            child = next((c for c in self._idle if c.nice == limits.nice), None)
            if child is not None:
                self._idle.remove(child)
        return child

    def would_refuse(self, limits: Limits) -> bool:
        """Whether a request asking for a render now would be refused at once (every render
        taken and a request waiting already): a view may say so before loading anything."""
        with self._lock:
            return self._busy >= limits.renders and self._waiting >= limits.queue

    @staticmethod
    def _retry_after(limits: Limits) -> int:
        return retry_after(limits)

    def _give_back(self, child: _Child | None) -> None:
        with self._lock:
            self._busy -= 1
            if child is not None:
                self._idle.append(child)
            self._free.notify()

    def close(self) -> None:
        """Stop the idle children (at exit)."""
        with self._lock:
            idle, self._idle = self._idle, []
        if os.getpid() == self._owner:
            for child in idle:
                child.close()


#: The worker's renderer.
renderer = Renderer()
atexit.register(renderer.close)
