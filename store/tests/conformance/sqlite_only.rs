//! SQLite-only: the ways the embedded store is opened.

use store::ExpectedVersion::Exact;
use store::testing::fresh_sqlite_path;

use crate::support::*;

#[tokio::test]
async fn a_sqlite_path_in_a_missing_directory_is_created_and_reopened() {
    let (_dir, path) = fresh_sqlite_path();
    let nested = path.parent().unwrap().join("data/deeper/events.db");
    let s = stream("booking");
    {
        let stores = store::connect(nested.to_str().unwrap()).await.unwrap();
        stores
            .events
            .append(request(vec![to(&s, Exact(0), events(2))], vec![]))
            .await
            .unwrap();
    }
    let url = format!("sqlite://{}", nested.display());
    let stores = store::connect(&url).await.unwrap();
    assert_eq!(stores.events.read_stream(&s).await.unwrap().len(), 2);
}

#[tokio::test]
async fn an_in_memory_sqlite_store_keeps_its_events_while_open() {
    let stores = store::connect("sqlite::memory:").await.unwrap();
    let s = stream("booking");
    let result = stores
        .events
        .append(request(vec![to(&s, Exact(0), events(3))], vec![]))
        .await
        .unwrap();
    assert_eq!(stores.events.read_stream(&s).await.unwrap().len(), 3);
    assert_eq!(stores.events.head().await.unwrap(), result.position);
}
