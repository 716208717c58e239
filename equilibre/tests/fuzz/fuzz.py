#!/usr/bin/env python3
"""The OpenAPI-driven fuzzer (schemathesis) over /api/openapi.json, part of
`make test`: the real binary with demo data on SQLite, anonymous and signed in
as each role in turn (the administrator enrolling a second factor as a real
one does, codes computed here), with a fixed seed and a time budget per role. Fails on
any server error or schema violation, and when more than 10 % of a role's
answers are 401 or 429 (a fuzzer that is only refused tests nothing).

Usage: fuzz.py path/to/equilibre   (FUZZ_SECONDS per role, default 30; the
roles run at the same time)
"""

import base64
import collections
import concurrent.futures
import glob
import hashlib
import hmac
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

SECONDS = int(os.environ.get("FUZZ_SECONDS", "30"))
SEED = "20261126"
# Routes that end the fuzzer's own session or erase what it tests with.
NEVER = r"sign-out|password|/forget|/deactivate"
ROLES = [
    # (name, area, e-mail, password, routes tried)
    ("anonymous", "client", None, None,
     r"^/api/(public/|health|openapi|\{area\}/(sign-in|sign-up))"),
    ("client", "client", "client@equilibre.local", "equilibre-demo-client",
     r"^/api/(public/|client/|\{area\}/)"),
    ("consultant", "consultant", "consultant@equilibre.local", "equilibre-demo-consultant",
     r"^/api/(public/|consultant/|\{area\}/)"),
    ("admin", "admin-panel", "admin@equilibre.local", "equilibre-demo-admin",
     r"^/api/(public/|admin-panel/|\{area\}/)"),
]
REFUSED_SHARE = 0.10


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, server, seconds=300):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if server.poll() is not None:
            sys.exit(f"the server stopped (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    sys.exit(f"{url} did not answer within {seconds} s")


def post_json(base, path, body):
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Requested-With": "equilibre"},
        method="POST",
    )
    return urllib.request.urlopen(request, timeout=30)


def totp(secret, at=None):
    """RFC 6238 (SHA-1, 6 digits, 30 s): the code an authenticator app shows."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    step = int((time.time() if at is None else at) // 30)
    digest = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return f"{number % 1_000_000:06d}"


def session_token(base, area, email, password):
    answer = post_json(base, f"/api/{area}/sign-in", {"email": email, "password": password})
    if answer.status == 202:
        # An administrator enrols a second factor at the first sign-in.
        challenge = json.load(answer)
        enrolment = json.load(post_json(base, f"/api/{area}/sign-in/enrolment",
                                        {"challenge": challenge["challenge"]}))
        answer = post_json(base, f"/api/{area}/sign-in/second-factor",
                           {"challenge": challenge["challenge"], "code": totp(enrolment["secret"])})
    with answer:
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            if name.startswith("eq_"):
                return rest.split(";", 1)[0]
    sys.exit(f"no session for {email}")


def fuzz(base, work, name, area, token, include):
    config = os.path.join(work, f"{name}.toml")
    with open(config, "w") as f:
        f.write(f'[parameters]\n"path.area" = "{area}"\n')
    reports = os.path.join(work, f"report-{name}")
    # One worker: hypothesis parses lambdas' source with `ast.parse`, which
    # CPython 3.11.7 cannot run in two threads at once ("AST constructor
    # recursion depth mismatch", a crash of the tool, not of our API).
    command = [
        "st", "--config-file", config, "run", f"{base}/api/openapi.json",
        "--checks", "not_a_server_error,response_schema_conformance",
        "--max-time", str(SECONDS), "--seed", SEED, "--workers", "1",
        "--include-path-regex", include, "--exclude-path-regex", NEVER,
        "-H", "X-Requested-With: equilibre",
        "--report", "har", "--report-dir", reports,
    ]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    started = time.time()
    run = subprocess.run(command, capture_output=True, text=True)
    statuses = collections.Counter()
    for har in glob.glob(os.path.join(reports, "*")):
        with open(har) as f:
            for entry in json.load(f)["log"]["entries"]:
                statuses[entry["response"]["status"]] += 1
    total = sum(statuses.values())
    refused = statuses[401] + statuses[429]
    share = refused / total if total else 1.0
    summary = ", ".join(f"{n} × {s}" for s, n in sorted(statuses.items()))
    print(f"fuzz {name}: {total} requests in {time.time() - started:.0f} s ({summary}); "
          f"401/429 {share:.1%}; schemathesis exit {run.returncode}")
    problems = []
    if run.returncode != 0:
        problems.append(run.stdout[-6000:] + run.stderr[-2000:])
    if total == 0 or share > REFUSED_SHARE:
        problems.append(f"{name}: {share:.1%} of {total} answers were 401 or 429")
    return problems


def main():
    binary = sys.argv[1]
    started = time.time()
    with tempfile.TemporaryDirectory() as work:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("EQUILIBRE_") and k not in ("DATABASE_URL", "READ_DATABASE_URL", "NATS_URL", "SMTP_URL")}
        env.update({
            "EQUILIBRE_DATA_DIR": os.path.join(work, "data"),
            "EQUILIBRE_BIND": f"127.0.0.1:{port}",
            "EQUILIBRE_PUBLIC_URL": base,
            "EQUILIBRE_STATIC_DIR": work,
            "EQUILIBRE_DEMO": "1",
            # The fuzzer is one address sending thousands of requests.
            "EQUILIBRE_REQUESTS_PER_SECOND": "0",
            "EQUILIBRE_SIGN_INS_PER_MINUTE": "0",
            "RUST_LOG": "warn",
        })
        log = open(os.path.join(work, "server.log"), "w")
        server = subprocess.Popen([binary, "serve"], env=env, stdout=log, stderr=log)
        problems = []
        try:
            wait_for(f"{base}/api/health", server)
            runs = [(base, work, name, area,
                     session_token(base, area, email, password) if email else None, include)
                    for name, area, email, password, include in ROLES]
            # The roles at once, each its own schemathesis process: their time
            # budgets overlap instead of adding up.
            with concurrent.futures.ThreadPoolExecutor(len(runs)) as pool:
                for found in pool.map(lambda run: fuzz(*run), runs):
                    problems += found
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
        if problems:
            with open(os.path.join(work, "server.log")) as f:
                tail = f.read()[-4000:]
            print("\n\n".join(problems))
            print("server log (end):\n" + tail)
    print(f"fuzz: {time.time() - started:.0f} s in all")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
