"""``make stack`` / ``make stack-down``: the deploy/ stack on this machine, on local ports.

``python deploy/stack.py up`` brings up what ``deploy/README.md`` sets up on a host, from the
project's own files: Caddy (``deploy/Caddyfile``) on https://localhost:8443 (and http on 8080,
which redirects there) with a certificate from its own CA, in front of two app servers
(``python -m scorekeeper.serve`` as the systemd unit runs it) on Unix sockets in the stack's
folder (``sockets/app-1.sock``, ``app-2.sock``; the folder is the stack's user's alone, mode
0700, so nothing else on the machine can connect to them and write the ``X-Forwarded-*``
headers the app trusts), sharing one PostgreSQL database and one Redis, with a password, for
the wrong-token counts. It installs the Debian packages it needs (caddy; redis-server when it
runs its own Redis), makes the database when missing, migrates it once, starts the app servers
and Caddy, waits until the https address answers through Caddy, and prints that address last.
``python deploy/stack.py down`` stops what ``up`` started, by the pids it wrote in the stack's
folder, and nothing else.

Settings (environment), for a developer or a test that must not collide with another stack:

``STACK_DIR``           pid files, logs, the app servers' sockets, Caddy's data (its CA), the
                        secrets (``secret_key``, ``redis_password``: made at the first ``up``,
                        mode 0600); default ``instance/stack``
``STACK_DATABASE_URL``  default ``postgresql+psycopg://postgres@127.0.0.1:5432/scorekeeper_stack``
``STACK_REDIS_URL``     default ``redis://127.0.0.1:6380/0``: the stack runs its own
                        redis-server there (stopped by ``down``), with the password kept in
                        ``STACK_DIR/redis_password``. A URL with a password
                        (``redis://:PASSWORD@host:port/db``) names a Redis of yours, used when it
                        answers to that password. A Redis that takes no password is never used
                        (any local process could reset the wrong-token counts): ``up`` stops
                        and says so.
``STACK_APP_SERVERS``   how many app servers, default 2 (``STACK_APP_PORTS`` is no longer read:
                        they listen on sockets, not ports)
``STACK_HTTPS_PORT``, ``STACK_HTTP_PORT``  Caddy's, default 8443 and 8080
``STACK_WORKERS``       gunicorn workers per app server, default 2
"""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from functools import partial
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
#: The app's bounds on requests and streams (``scorekeeper.config.INTAKE_SETTINGS``) that pass
#: from the caller's environment to the app servers.
RAISED_BOUNDS = ("SCOREKEEPER_REQUESTS_PER_ADDRESS", "SCOREKEEPER_STREAMS_PER_ADDRESS",
                 "SCOREKEEPER_STREAMS_PER_GAME", "SCOREKEEPER_STREAMS_PER_TOURNAMENT")
CADDYFILE = ROOT / "deploy" / "Caddyfile"
#: What the process of each pid file must be running, checked before it is sent a signal (a
#: pid file left by a crash may name a process that reused the number).
SIGNATURES = {"app": ("scorekeeper.serve", "gunicorn"), "caddy": ("caddy",),
              "redis": ("redis-server",)}


#: Settings of the caller's environment the stack's processes do not inherit: the stack sets
#: its own (a SCOREKEEPER_BASE_URL exported for `make run` would change every link).
INHERITED_NOT = ("STACK_", "TEST_", "SCOREKEEPER_", "RATELIMIT_", "DATABASE_URL", "SECRET_KEY",
                 "SQLITE_")


class StackError(Exception):
    """Something the stack needs is missing or did not start: the message says what to do."""


def say(text: str) -> None:
    print(text, flush=True)


# -- settings ---------------------------------------------------------------------------------


class Settings:
    def __init__(self, env: dict[str, str] | None = None) -> None:
        env = dict(os.environ if env is None else env)
        self.dir = Path(env.get("STACK_DIR") or ROOT / "instance" / "stack").resolve()
        self.database_url = env.get("STACK_DATABASE_URL") or \
            "postgresql+psycopg://postgres@127.0.0.1:5432/scorekeeper_stack"
        self.redis_url = env.get("STACK_REDIS_URL") or "redis://127.0.0.1:6380/0"
        self.app_servers = int(env.get("STACK_APP_SERVERS") or 2)
        #: Set by a caller of the time when the app servers had ports: said, then ignored.
        self.app_ports_given = bool(env.get("STACK_APP_PORTS"))
        self.https_port = int(env.get("STACK_HTTPS_PORT") or 8443)
        self.http_port = int(env.get("STACK_HTTP_PORT") or 8080)
        self.workers = int(env.get("STACK_WORKERS") or 2)
        if self.app_servers < 1:
            raise StackError("STACK_APP_SERVERS must be 1 or more")

    @property
    def sockets(self) -> Path:
        """The app servers' sockets' folder: the stack's user's alone (mode 0700)."""
        return self.dir / "sockets"

    def socket(self, n: int) -> Path:
        return self.sockets / f"app-{n}.sock"

    @property
    def redis_parts(self) -> tuple[str, int, str | None, str | None]:
        """Host, port, user and password of ``STACK_REDIS_URL`` (no password: the stack's)."""
        parts = urlsplit(self.redis_url)
        # As the app's Redis client reads them: %-escapes decoded.
        return (parts.hostname or "127.0.0.1", parts.port or 6379,
                unquote(parts.username) if parts.username else None,
                unquote(parts.password) if parts.password else None)

    @property
    def redis_password(self) -> str:
        """The password of ``STACK_REDIS_URL``, or else the stack's own (kept in its folder)."""
        return self.redis_parts[3] or kept_secret(self, "redis_password")

    @property
    def app_redis_url(self) -> str:
        """``STACK_REDIS_URL`` with the password in it: what the app servers connect with."""
        parts = urlsplit(self.redis_url)
        if parts.password:
            return self.redis_url
        netloc = f":{quote(self.redis_password, safe='')}@{parts.netloc.rsplit('@', 1)[-1]}"
        return urlunsplit(parts._replace(netloc=netloc))

    @property
    def redis_shown(self) -> str:
        """``STACK_REDIS_URL`` without its password, for what the stack prints."""
        parts = urlsplit(self.redis_url)
        return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[-1]))

    @property
    def address(self) -> str:
        return f"https://localhost:{self.https_port}/"

    @property
    def ca_cert(self) -> Path:
        """The root certificate of Caddy's own CA (written at its first start)."""
        return self.dir / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def pid_file(self, name: str) -> Path:
        return self.dir / f"{name}.pid"


# -- Debian packages and the services that were already there ----------------------------------


def apt_install(*packages: str) -> None:
    """Install Debian packages (as root; otherwise say what to run)."""
    if os.geteuid() != 0:
        raise StackError(f"missing: {' '.join(packages)}. Install it: "
                         f"sudo apt-get install {' '.join(packages)}")
    say(f"Installing {' '.join(packages)} (Debian packages)...")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    # Another apt-get at work (another install on the machine): wait for it, up to 5 minutes.
    apt = ["apt-get", "-o", "DPkg::Lock::Timeout=300", "-q"]
    install = [*apt, "install", "-y", *packages]
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode != 0:
        # A fresh machine has no package lists yet.
        updated = subprocess.run([*apt, "update"], env=env, stdout=subprocess.DEVNULL)
        if updated.returncode != 0 or subprocess.run(install, env=env).returncode != 0:
            raise StackError(f"apt-get could not install {' '.join(packages)}")


def answers(host: str, port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def kept_secret(s: Settings, name: str) -> str:
    """A secret of the stack, made at its first use and kept in its folder (mode 0600)."""
    path = s.dir / name
    if not path.exists():
        s.dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32) + "\n")
    return path.read_text().strip()


def _resp(*words: str) -> bytes:
    """A command in Redis's protocol (a password may hold any byte)."""
    out = [f"*{len(words)}\r\n".encode()]
    for word in words:
        data = word.encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def redis_state(host: str, port: int, user: str | None, password: str) -> str:
    """What answers at ``host:port`` to ``AUTH`` with ``password`` and then ``PING``:
    ``none`` (nothing, or a Redis still loading), ``ok``, ``open`` (a Redis that takes no
    password), ``refused`` (a Redis with another password) or ``other`` (not a Redis)."""
    try:
        with socket.create_connection((host, port), timeout=1) as conn:
            conn.sendall(_resp("AUTH", *([user] if user else []), password) + _resp("PING"))
            replies = conn.makefile("rb")
            auth, ping = replies.readline(), replies.readline()
    except OSError:
        return "none"
    if auth.startswith(b"+OK") and ping.startswith(b"+PONG"):
        return "ok"
    if auth.startswith(b"-ERR") and b"without any password configured" in auth:
        return "open"
    if auth.startswith((b"-WRONGPASS", b"-ERR invalid password")):
        return "refused"
    if auth.startswith(b"-LOADING") or ping.startswith(b"-LOADING"):
        return "none"
    return "other"


def ensure_redis(s: Settings) -> None:
    """Use the Redis at ``STACK_REDIS_URL`` when it answers to the password; when nothing
    answers there, run one there (the stack's), with the password; refuse a Redis that takes
    none."""
    host, port, user, password = *s.redis_parts[:3], s.redis_password
    state = redis_state(host, port, user, password)
    if state == "ok":
        return
    if state == "open":
        raise StackError(
            f"the Redis at {host}:{port} takes no password: any process on this machine could "
            "reset the wrong-token counts. Give it one (requirepass) and set STACK_REDIS_URL="
            f"redis://:PASSWORD@{host}:{port}/0, or set STACK_REDIS_URL to a free port (the "
            "stack then runs its own Redis there, with a password).")
    if state == "refused":
        given = "of STACK_REDIS_URL" if s.redis_parts[3] else f"in {s.dir / 'redis_password'}"
        raise StackError(f"the Redis at {host}:{port} refuses the password {given}")
    if state == "other":
        raise StackError(f"port {port} is taken (not by a Redis): set STACK_REDIS_URL")
    if shutil.which("redis-server") is None:
        apt_install("redis-server")
    say(f"No Redis answers at {host}:{port}: starting the stack's own, with a password.")
    # The password in a file of the stack's user, not on the command line (which every
    # process on the machine can read). It keeps nothing on disk: the counts last a minute.
    conf = s.dir / "redis.conf"
    fd = os.open(conf, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"bind {host}\nport {port}\nrequirepass \"{password}\"\nsave \"\"\n"
                 f"appendonly no\ndir \"{s.dir}\"\n")
    start(s, "redis", ["redis-server", str(conf)], os.environ.copy())
    wait_for(lambda: redis_state(host, port, user, password) == "ok", 10,
             f"Redis on {host}:{port}", s, "redis")


def ensure_database(s: Settings) -> None:
    """The stack's database on the PostgreSQL server of ``STACK_DATABASE_URL``, made if missing."""
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.exc import OperationalError, ProgrammingError

    url = make_url(s.database_url)
    host, port = url.host or "127.0.0.1", url.port or 5432
    installed = shutil.which("pg_ctlcluster") and Path("/etc/postgresql").is_dir()
    if not answers(host, port) and installed:
        # Installed but stopped (a machine that does not start services): start it, as
        # .ci/run does.
        for version in sorted(os.listdir("/etc/postgresql")):
            subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main",
                            "start"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: answers(host, port), 15, f"PostgreSQL on {host}:{port}")
    if not answers(host, port):
        raise StackError(f"PostgreSQL does not answer at {host}:{port}. Install and start it "
                         "(apt-get install postgresql) or set STACK_DATABASE_URL.")
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            found = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                                 {"n": url.database}).scalar()
            if found is None:
                say(f"Creating the database {url.database}.")
                try:
                    conn.execute(text(f'CREATE DATABASE "{url.database}"'))
                except ProgrammingError as exc:  # another stack made it meanwhile
                    if "already exists" not in str(exc):
                        raise
    except OperationalError as exc:
        raise StackError(f"cannot reach PostgreSQL as {url.render_as_string()}: {exc}") from exc
    finally:
        admin.dispose()


def migrate(s: Settings, env: dict[str, str]) -> None:
    """``flask db upgrade``, one stack at a time on a database (two tests' stacks starting
    together on a new database would both create its tables): the systemd units take a file
    lock for the same reason, here a PostgreSQL advisory lock held while it runs."""
    from sqlalchemy import create_engine, text

    say("Migrating the database (flask db upgrade)...")
    engine = create_engine(s.database_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(hashtext('scorekeeper stack migration'))"))
            migrated = subprocess.run(
                [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                cwd=ROOT, env=env, capture_output=True, text=True)
    finally:
        engine.dispose()  # the lock goes with the connection
    if migrated.returncode != 0:
        raise StackError(f"the migration failed:\n{migrated.stdout}{migrated.stderr}")


def ensure_caddy() -> str:
    caddy = shutil.which("caddy")
    if caddy is None:
        apt_install("caddy")
        caddy = shutil.which("caddy")
    if caddy is None:
        raise StackError("caddy is still missing after apt-get install caddy")
    return caddy


# -- processes --------------------------------------------------------------------------------


#: The processes this run of the script started, by name: whether one of them still runs is
#: asked of the process itself, not of its command line in /proc (Redis rewrites its title at
#: start, and a sandboxed kernel may show that title in a form the signatures do not match).
_started: dict[str, subprocess.Popen[bytes]] = {}


def start(s: Settings, name: str, argv: list[str], env: dict[str, str]) -> int:
    """Start ``argv`` in a session of its own, its output in ``<name>.log``, its pid kept."""
    with open(s.dir / f"{name}.log", "ab") as log:
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    s.pid_file(name).write_text(f"{proc.pid}\n")
    _started[name] = proc
    return proc.pid


def log_tail(s: Settings, name: str, lines: int = 15) -> str:
    """The last lines of ``<name>.log``, for an error that names it."""
    try:
        text = (s.dir / f"{name}.log").read_text(errors="replace")
    except OSError:
        return ""
    return "\n".join(text.rstrip("\n").split("\n")[-lines:])


def running(pid: int, signature: tuple[str, ...]) -> bool:
    try:
        # The command line, and the name the kernel keeps apart from it (a program may
        # rewrite its command line, as Redis does with its title).
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace") + " " + Path(f"/proc/{pid}/comm").read_text(errors="replace")
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    if stat.rsplit(")", 1)[1].split()[0] == "Z":  # exited, not yet reaped
        return False
    return any(word in cmdline for word in signature)


def wait_for(check: Callable[[], bool], seconds: float, what: str, s: Settings | None = None,
             name: str | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        if s is not None and name is not None and not alive(s, name):
            raise StackError(f"{what} exited at start: see {s.dir / (name + '.log')}:\n"
                             f"{log_tail(s, name)}")
        time.sleep(0.1)
    log = f" (see {s.dir / (name + '.log')})" if s is not None and name is not None else ""
    raise StackError(f"{what} did not answer within {seconds:.0f} s{log}")


def alive(s: Settings, name: str) -> bool:
    path = s.pid_file(name)
    if not path.exists():
        return False
    proc = _started.get(name)
    if proc is not None and str(proc.pid) == path.read_text().strip():
        return proc.poll() is None
    kind = name.split("-")[0]
    return running(int(path.read_text().strip() or 0), SIGNATURES[kind])


def stop(s: Settings, *batch: str) -> None:
    """SIGTERM to each (gunicorn and Caddy finish the requests in flight), then wait for them
    all; SIGKILL to the process group of any still there after 20 s."""
    pids = {}
    for name in batch:
        path = s.pid_file(name)
        pid = int(path.read_text().strip() or 0)
        signature = SIGNATURES[name.split("-")[0]]
        if running(pid, signature):
            os.kill(pid, signal.SIGTERM)
            pids[pid] = signature
    deadline = time.monotonic() + 20
    while any(running(pid, sig) for pid, sig in pids.items()) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid, signature in pids.items():
        if running(pid, signature):
            os.killpg(pid, signal.SIGKILL)
    for name in batch:
        s.pid_file(name).unlink(missing_ok=True)


class UnixHTTPConnection(http.client.HTTPConnection):
    """http.client over an app server's Unix socket."""

    def __init__(self, path: Path | str, timeout: float = 2) -> None:
        super().__init__("localhost", timeout=timeout)
        self.path = str(path)

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self.path)
        except OSError:
            sock.close()
            raise
        self.sock = sock


def socket_ok(path: Path, url_path: str = "/healthz") -> bool:
    conn = UnixHTTPConnection(path)
    try:
        conn.request("GET", url_path)
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


def http_ok(url: str, context: ssl.SSLContext | None = None) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2, context=context) as res:
            return bool(res.status == 200)
    except (OSError, urllib.error.URLError):
        return False


# -- up and down ------------------------------------------------------------------------------


def app_env(s: Settings) -> dict[str, str]:
    """The app servers' environment: what /etc/scorekeeper/scorekeeper.env holds on a host."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(INHERITED_NOT)}
    env.update({
        "DATABASE_URL": s.database_url,
        # One key for every app server: a session signed by one is read by the others.
        "SECRET_KEY": kept_secret(s, "secret_key"),
        "SCOREKEEPER_PROXIES": "1",
        "SCOREKEEPER_HTTPS": "1",
        # The password in the URL: the stack's Redis refuses a client without it.
        "RATELIMIT_STORAGE_URI": s.app_redis_url,
        "PYTHONPATH": str(ROOT),
    })
    # The bounds on requests and streams a caller raises (bench/club_night.py runs a whole club
    # from one address), as a host's scorekeeper.env may set them.
    for variable in RAISED_BOUNDS:
        if os.environ.get(variable):
            env[variable] = os.environ[variable]
    return env


def caddy_env(s: Settings) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(INHERITED_NOT)}
    env.update({
        # Caddy keeps its CA, certificates and autosaved config here, not in root's home.
        "XDG_DATA_HOME": str(s.dir / "caddy-data"),
        "XDG_CONFIG_HOME": str(s.dir / "caddy-config"),
        "SCOREKEEPER_SITE": "localhost",
        # unix//path: Caddy's address of a Unix socket.
        "SCOREKEEPER_UPSTREAMS": " ".join(f"unix/{s.socket(n)}" for n in app_numbers(s)),
        "SCOREKEEPER_HTTPS_PORT": str(s.https_port),
        "SCOREKEEPER_HTTP_PORT": str(s.http_port),
        "SCOREKEEPER_REDIRECT_PORT": f":{s.https_port}",
        "SCOREKEEPER_CADDY_ADMIN": "off",
        # A lasting HSTS on localhost would also send `make run`'s http://localhost:5000 to
        # https in the same browser; the header is sent, with nothing to remember.
        "SCOREKEEPER_HSTS": "max-age=0",
    })
    return env


def up(s: Settings) -> None:
    try:
        _up(s)
    except BaseException:
        # Whatever did start is stopped: a failed `make stack` leaves nothing running.
        if any(s.pid_file(n).exists() for n in names(s)):
            down(s)
        raise


def _up(s: Settings) -> None:
    began = time.monotonic()
    s.dir.mkdir(parents=True, exist_ok=True)
    if any(s.pid_file(n).exists() for n in names(s)):
        say("A stack is already up in this folder: stopping it first.")
        down(s)
    if s.app_ports_given:
        say("STACK_APP_PORTS is not read any more: the app servers listen on Unix sockets in "
            f"{s.sockets} (STACK_APP_SERVERS sets how many).")
    for n in app_numbers(s):
        if len(str(s.socket(n)).encode()) > 107:
            raise StackError(f"{s.socket(n)} is too long for a Unix socket: set a shorter "
                             "STACK_DIR")
    caddy = ensure_caddy()
    ensure_database(s)
    ensure_redis(s)
    env = app_env(s)
    python = sys.executable
    migrate(s, env)
    # The sockets' folder: only the stack's user (Caddy's and the app servers') may enter it.
    s.sockets.mkdir(mode=0o700, exist_ok=True)
    os.chmod(s.sockets, 0o700)
    for n in app_numbers(s):
        start(s, f"app-{n}", [
            python, "-m", "scorekeeper.serve", "--unix", str(s.socket(n)),
            "--workers", str(s.workers), "--access-log", str(s.dir / f"access-{n}.log"),
        ], env)
    for port in (s.https_port, s.http_port):
        if answers("127.0.0.1", port):
            raise StackError(f"port {port} is taken: set STACK_HTTPS_PORT / STACK_HTTP_PORT")
    start(s, "caddy", [caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
          caddy_env(s))
    for n in app_numbers(s):
        wait_for(partial(socket_ok, s.socket(n)), 120, f"the app server on {s.socket(n)}", s,
                 f"app-{n}")
    wait_for(s.ca_cert.exists, 30, "Caddy's CA", s, "caddy")
    context = ssl.create_default_context(cafile=str(s.ca_cert))
    wait_for(lambda: http_ok(s.address + "healthz", context), 30,
             f"Caddy at {s.address}", s, "caddy")
    say(f"Stack up in {time.monotonic() - began:.1f} s: Caddy in front of "
        f"{s.app_servers} app servers (Unix sockets in {s.sockets}), "
        f"PostgreSQL {s.database_url.rsplit('/', 1)[-1]}, Redis {s.redis_shown} (password: "
        f"{'STACK_REDIS_URL' if s.redis_parts[3] else s.dir / 'redis_password'}).")
    say(f"Logs and pids: {s.dir}. Caddy's CA certificate (trust it, or accept the warning): "
        f"{s.ca_cert}")
    say(f"http://localhost:{s.http_port}/ redirects to https. Stop it with `make stack-down`.")
    say(s.address)


def app_numbers(s: Settings) -> range:
    return range(1, s.app_servers + 1)


def names(s: Settings) -> list[str]:
    """What ``up`` starts, in the order ``down`` stops it (the front first)."""
    return ["caddy", *[f"app-{n}" for n in app_numbers(s)], "redis"]


def down(s: Settings) -> None:
    found = [n for n in names(s) if s.pid_file(n).exists()]
    # Pid files of app servers no longer configured (or of the time they had ports).
    found += [p.stem for p in s.dir.glob("app-*.pid") if p.stem not in found]
    # The front first (no new requests), then the app servers together, then Redis.
    for batch in (["caddy"], [n for n in found if n.startswith("app-")], ["redis"]):
        stop(s, *[n for n in batch if n in found])
    say("Stack stopped." if found else f"No stack was up in {s.dir}.")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in {"up", "down"}:
        print("usage: deploy/stack.py up|down", file=sys.stderr)
        return 2
    try:
        settings = Settings()
        if argv[0] == "up":
            up(settings)
        else:
            if settings.dir.exists():
                down(settings)
            else:
                say(f"No stack was up in {settings.dir}.")
    except StackError as exc:
        print(f"make stack: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
