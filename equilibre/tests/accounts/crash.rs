//! Faults, for real: the `equilibre` binary killed with SIGKILL under write
//! load keeps every write it acknowledged, on both backends; a projector
//! process killed at random points while writes go on reaches, once
//! restarted, exactly the read models of a full rebuild.

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use projector::{Projector, ReadDb};
use serde_json::json;
use store::Position;

use crate::support::{Backend, Database, PATIENCE};

on_both_backends!(
    a_killed_server_keeps_every_write_it_acknowledged,
    a_projector_killed_at_random_points_ends_equal_to_a_rebuild,
);

const SECRET: &str = "crash-test-secret-crash-test-secret-0123";
const ADMIN_EMAIL: &str = "crash-admin@example.org";
const ADMIN_PASSWORD: &str = "crash admin long passphrase";

/// The binary's environment for `database` on `port`.
fn env(database: &Database, port: u16) -> Vec<(&'static str, String)> {
    let (events, read) = database.urls();
    vec![
        (
            "EQUILIBRE_DATA_DIR",
            database.dir.path().display().to_string(),
        ),
        ("DATABASE_URL", events),
        ("READ_DATABASE_URL", read),
        ("EQUILIBRE_BIND", format!("127.0.0.1:{port}")),
        ("EQUILIBRE_PUBLIC_URL", format!("http://127.0.0.1:{port}")),
        ("EQUILIBRE_SECRET", SECRET.into()),
        ("EQUILIBRE_DEMO", "0".into()),
        (
            "EQUILIBRE_STATIC_DIR",
            database.dir.path().display().to_string(),
        ),
        ("EQUILIBRE_REQUESTS_PER_SECOND", "0".into()),
        ("EQUILIBRE_SIGN_INS_PER_MINUTE", "0".into()),
        // The administrator signs in once per server start, with a password
        // only (the second factor is tested in second_factor.rs).
        ("EQUILIBRE_ADMIN_SECOND_FACTOR", "offered".into()),
        ("RUST_LOG", "warn".into()),
    ]
}

fn equilibre(database: &Database, port: u16, args: &[&str], log: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_equilibre"));
    let log = std::fs::File::create(database.dir.path().join(log)).expect("a log file");
    command
        .args(args)
        .env_clear()
        .envs(env(database, port))
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("the log"))
        .stderr(log);
    command
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Starts `args` and waits until `/api/health` answers (for servers).
async fn start(database: &Database, port: u16, args: &[&str], log: &str) -> Child {
    let child = equilibre(database, port, args, log)
        .spawn()
        .expect("the binary starts");
    if args.first().is_some_and(|a| *a != "projector") {
        let deadline = Instant::now() + PATIENCE;
        let url = format!("http://127.0.0.1:{port}/api/health");
        while reqwest::get(&url).await.is_err() {
            assert!(
                Instant::now() < deadline,
                "{args:?} did not start: see {log}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    child
}

fn kill(child: &mut Child) {
    // SIGKILL: no shutdown, no flush, no goodbye.
    child.kill().expect("the process is killed");
    child.wait().expect("the process is reaped");
}

async fn create_admin(database: &Database) {
    let status = equilibre(
        database,
        0,
        &["admin", "create", "--email", ADMIN_EMAIL],
        "admin.log",
    )
    .env("EQUILIBRE_ADMIN_PASSWORD", ADMIN_PASSWORD)
    .status()
    .expect("admin create runs");
    assert!(status.success(), "admin create failed");
}

/// An administrator's Bearer token from the server on `port`.
async fn admin_token(port: u16) -> String {
    let answer = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}/api/admin-panel/sign-in"))
        .header("X-Requested-With", "equilibre")
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .expect("sign-in answers");
    assert_eq!(answer.status(), 200);
    let cookie = answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("eq_admin="))
        .expect("the session cookie")
        .to_owned();
    cookie["eq_admin=".len()..]
        .split(';')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// `writers` loops adding reference items until `stop`; returns the
/// positions of the writes the server acknowledged (201 with
/// `X-Event-Position`).
fn write_load(
    port: u16,
    token: &str,
    writers: usize,
    stop: &Arc<AtomicBool>,
) -> tokio::task::JoinSet<Vec<Position>> {
    let mut tasks = tokio::task::JoinSet::new();
    for writer in 0..writers {
        let (token, stop) = (token.to_owned(), stop.clone());
        tasks.spawn(async move {
            let client = reqwest::Client::new();
            let mut acknowledged = Vec::new();
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let sent = client
                    .post(format!("http://127.0.0.1:{port}/api/admin-panel/reference/disorders"))
                    .bearer_auth(&token)
                    .header("X-Requested-With", "equilibre")
                    .json(&json!({"name_fr": format!("Trouble {writer}-{n}"), "name_en": format!("Disorder {writer}-{n}")}))
                    .send()
                    .await;
                let Ok(answer) = sent else {
                    // The server is gone: nothing more is acknowledged.
                    break;
                };
                if answer.status() == 201
                    && let Some(position) = answer
                        .headers()
                        .get("x-event-position")
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| v.parse().ok())
                {
                    acknowledged.push(position);
                }
            }
            acknowledged
        });
    }
    tasks
}

/// Every position the store holds now.
async fn stored_positions(database: &Database) -> BTreeSet<Position> {
    let stores = store::connect(&database.urls().0)
        .await
        .expect("the store opens");
    database.settle(stores.events.as_ref()).await;
    let mut positions = BTreeSet::new();
    let mut after = Position::START;
    loop {
        let page = stores.events.read_all(after, 1000).await.expect("read_all");
        let Some(last) = page.last() else {
            return positions;
        };
        after = last.position;
        positions.extend(page.iter().map(|e| e.position));
    }
}

async fn a_killed_server_keeps_every_write_it_acknowledged(backend: Backend) {
    let database = Database::fresh(backend).await;
    create_admin(&database).await;
    let port = free_port();
    let mut server = start(&database, port, &["serve"], "serve-1.log").await;
    let token = admin_token(port).await;

    let stop = Arc::new(AtomicBool::new(false));
    let load = write_load(port, &token, 8, &stop);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    kill(&mut server);
    stop.store(true, Ordering::Relaxed);
    let acknowledged: Vec<Position> = load.join_all().await.into_iter().flatten().collect();

    let mut restarted = start(&database, port, &["serve"], "serve-2.log").await;
    let stored = stored_positions(&database).await;
    let lost: Vec<&Position> = acknowledged
        .iter()
        .filter(|p| !stored.contains(p))
        .collect();
    assert!(
        acknowledged.len() > 10,
        "only {} writes acknowledged",
        acknowledged.len()
    );
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged writes lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );
    // And the restarted server goes on: the read models catch up with them all.
    let listed = reqwest::Client::new()
        .get(format!(
            "http://127.0.0.1:{port}/api/admin-panel/reference/disorders?page_size=1"
        ))
        .bearer_auth(admin_token(port).await)
        .header(
            "x-min-position",
            acknowledged.iter().max().expect("a write").to_string(),
        )
        .send()
        .await
        .expect("the list answers");
    assert_eq!(listed.status(), 200);
    let total = listed.json::<serde_json::Value>().await.expect("JSON")["total"]
        .as_u64()
        .unwrap_or_default();
    assert!(total >= acknowledged.len() as u64, "{total} listed");
    println!(
        "kill -9 under write load ({backend:?}): {} acknowledged, 0 lost, {} stored",
        acknowledged.len(),
        stored.len()
    );
    kill(&mut restarted);
}

async fn a_projector_killed_at_random_points_ends_equal_to_a_rebuild(backend: Backend) {
    let database = Database::fresh(backend).await;
    create_admin(&database).await;
    let port = free_port();
    let mut commands = start(&database, port, &["command-api"], "commands.log").await;
    let token = admin_token(port).await;
    let stop = Arc::new(AtomicBool::new(false));
    let load = write_load(port, &token, 4, &stop);

    // Kill the projector three times at varied moments while writes go on.
    for (round, after_ms) in [350_u64, 120, 700].into_iter().enumerate() {
        let mut projector = start(
            &database,
            0,
            &["projector"],
            &format!("projector-{round}.log"),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(after_ms)).await;
        kill(&mut projector);
    }
    stop.store(true, Ordering::Relaxed);
    let acknowledged: usize = load.join_all().await.iter().map(Vec::len).sum();
    kill(&mut commands);

    // Restarted once more, it catches up with everything.
    let stores = store::connect(&database.urls().0)
        .await
        .expect("the store opens");
    database.settle(stores.events.as_ref()).await;
    let head = stores.events.head().await.expect("the head");
    let mut projector = start(&database, 0, &["projector"], "projector-last.log").await;
    let live = ReadDb::connect(&database.urls().1)
        .await
        .expect("the read models");
    let deadline = Instant::now() + PATIENCE;
    while projector::projections_checkpoint(&live)
        .await
        .expect("a checkpoint")
        < head
    {
        assert!(Instant::now() < deadline, "the projector did not catch up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    kill(&mut projector);

    let (url, _guard) = database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    assert!(acknowledged > 10, "only {acknowledged} writes acknowledged");
    let (live, rebuilt) = (live.dump().await.unwrap(), fresh.dump().await.unwrap());
    assert_eq!(
        digest(&live),
        digest(&rebuilt),
        "the read models differ from a rebuild"
    );
    assert_eq!(live, rebuilt);
}

/// One hash of every row of every table.
fn digest(tables: &[(String, Vec<String>)]) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for (table, rows) in tables {
        hash.update(table.as_bytes());
        for row in rows {
            hash.update(row.as_bytes());
            hash.update([0]);
        }
    }
    hex::encode(hash.finalize())
}
