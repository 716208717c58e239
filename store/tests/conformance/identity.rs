//! Sessions and credentials: written in the append's transaction, so a
//! sign-out or password change takes effect at once (DESIGN §2).

use store::ExpectedVersion::{Any, Exact};
use store::{Credential, SessionRecord, SideWrite, StoreError, StreamId};
use uuid::Uuid;

use crate::support::*;

fn session(account_id: Uuid) -> SessionRecord {
    SessionRecord {
        session_id: Uuid::now_v7(),
        account_id,
        role: "client".into(),
        created_at: at(0),
        expires_at: at(86_400),
        revoked_at: None,
    }
}

pub async fn revoking_a_session_or_all_sessions_of_an_account_takes_effect_at_once(h: &Harness) {
    let (ada, bob) = (Uuid::now_v7(), Uuid::now_v7());
    let (one, two, three, other) = (session(ada), session(ada), session(ada), session(bob));
    let s = StreamId::new("account", ada);
    let creates = [&one, &two, &three, &other].map(|x| SideWrite::CreateSession(x.clone()));
    h.events
        .append(request(vec![to(&s, Exact(0), events(1))], creates.to_vec()))
        .await
        .unwrap();
    assert_eq!(
        h.events.session(one.session_id).await.unwrap(),
        Some(one.clone())
    );
    assert!(
        h.events
            .session(one.session_id)
            .await
            .unwrap()
            .unwrap()
            .is_active(at(10))
    );

    // Sign-out: that session only.
    h.events
        .append(request(
            vec![to(&s, Exact(1), vec![event("SignedOut")])],
            vec![SideWrite::RevokeSession {
                session_id: one.session_id,
                at: at(10),
            }],
        ))
        .await
        .unwrap();
    let revoked = h.events.session(one.session_id).await.unwrap().unwrap();
    assert_eq!(revoked.revoked_at, Some(at(10)));
    assert!(!revoked.is_active(at(11)));
    assert!(
        h.events
            .session(two.session_id)
            .await
            .unwrap()
            .unwrap()
            .is_active(at(11))
    );

    // Password change from session two: every other session of the account ends.
    h.events
        .append(request(
            vec![to(&s, Exact(2), vec![event("PasswordChanged")])],
            vec![SideWrite::RevokeAccountSessions {
                account_id: ada,
                at: at(20),
                keep: Some(two.session_id),
            }],
        ))
        .await
        .unwrap();
    assert_eq!(
        h.events
            .session(one.session_id)
            .await
            .unwrap()
            .unwrap()
            .revoked_at,
        Some(at(10)),
        "first revocation kept"
    );
    assert_eq!(
        h.events
            .session(two.session_id)
            .await
            .unwrap()
            .unwrap()
            .revoked_at,
        None
    );
    assert_eq!(
        h.events
            .session(three.session_id)
            .await
            .unwrap()
            .unwrap()
            .revoked_at,
        Some(at(20))
    );
    assert_eq!(
        h.events
            .session(other.session_id)
            .await
            .unwrap()
            .unwrap()
            .revoked_at,
        None
    );

    // Password reset: all of them.
    h.events
        .append(request(
            vec![to(&s, Any, vec![event("PasswordReset")])],
            vec![SideWrite::RevokeAccountSessions {
                account_id: ada,
                at: at(30),
                keep: None,
            }],
        ))
        .await
        .unwrap();
    assert_eq!(
        h.events
            .session(two.session_id)
            .await
            .unwrap()
            .unwrap()
            .revoked_at,
        Some(at(30))
    );
    assert_eq!(h.events.session(Uuid::now_v7()).await.unwrap(), None);
}

fn credential(account_id: Uuid, role: &str, login_key: &str) -> Credential {
    Credential {
        account_id,
        role: role.into(),
        login_key: login_key.into(),
        password_hash: format!("hash-{account_id}"),
    }
}

pub async fn a_login_key_is_unique_per_role(h: &Harness) {
    let (ada, eve, ada_consultant) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
    let register = |account: Uuid, c: Credential| {
        request(
            vec![to(&StreamId::new("account", account), Exact(0), events(1))],
            vec![SideWrite::UpsertCredential(c)],
        )
    };
    h.events
        .append(register(ada, credential(ada, "client", "k1")))
        .await
        .unwrap();

    let err = h
        .events
        .append(register(eve, credential(eve, "client", "k1")))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::LoginTaken { ref role } if role == "client"),
        "{err:?}"
    );
    assert!(
        h.events
            .read_stream(&StreamId::new("account", eve))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(h.events.credential(eve).await.unwrap(), None);

    // Same login key, another role: a separate account.
    h.events
        .append(register(
            ada_consultant,
            credential(ada_consultant, "consultant", "k1"),
        ))
        .await
        .unwrap();
    assert_eq!(
        h.events
            .credential_by_login("client", "k1")
            .await
            .unwrap()
            .unwrap()
            .account_id,
        ada
    );
    assert_eq!(
        h.events
            .credential_by_login("consultant", "k1")
            .await
            .unwrap()
            .unwrap()
            .account_id,
        ada_consultant
    );

    // A password change replaces the hash; deleting frees the login.
    let mut changed = credential(ada, "client", "k1");
    changed.password_hash = "new-hash".into();
    let ada_stream = StreamId::new("account", ada);
    h.events
        .append(request(
            vec![to(&ada_stream, Exact(1), events(1))],
            vec![SideWrite::UpsertCredential(changed.clone())],
        ))
        .await
        .unwrap();
    assert_eq!(h.events.credential(ada).await.unwrap(), Some(changed));
    h.events
        .append(request(
            vec![to(&ada_stream, Exact(2), events(1))],
            vec![SideWrite::DeleteCredential { account_id: ada }],
        ))
        .await
        .unwrap();
    assert_eq!(
        h.events.credential_by_login("client", "k1").await.unwrap(),
        None
    );
    h.events
        .append(register(eve, credential(eve, "client", "k1")))
        .await
        .unwrap();
}
