//! The demo's quotes: the home page shows one a day from the first start.

use anyhow::anyhow;
use command_api::execute::Actor;
use command_api::ids::IdempotencyKey;
use command_api::quotes::{CitationBody, write};
use domain::account::Role;
use uuid::Uuid;

use crate::App;

/// `(French, English, author)`.
const QUOTES: &[(&str, &str, &str)] = &[
    (
        "Que ton aliment soit ta première médecine.",
        "Let food be your first medicine.",
        "Attribué à Hippocrate",
    ),
    (
        "Le calme est la clé de la santé de l’esprit.",
        "Calm is the key to a healthy mind.",
        "Sénèque (librement adapté)",
    ),
    (
        "Prendre soin de son corps, c’est donner à son âme un endroit où vivre.",
        "Take care of your body: it is the only place you have to live.",
        "Jim Rohn",
    ),
    (
        "Le repos n’est pas de l’oisiveté.",
        "Rest is not idleness.",
        "John Lubbock",
    ),
    (
        "La patience est amère, mais son fruit est doux.",
        "Patience is bitter, but its fruit is sweet.",
        "Jean-Jacques Rousseau",
    ),
    (
        "Respirez. C’est juste une mauvaise journée, pas une mauvaise vie.",
        "Breathe. It is just a bad day, not a bad life.",
        "Anonyme",
    ),
    (
        "Le bonheur n’est pas une destination, c’est une façon de voyager.",
        "Happiness is not a destination, it is a way of travelling.",
        "Margaret Lee Runbeck",
    ),
    (
        "La nature ne se presse pas, et pourtant tout s’accomplit.",
        "Nature does not hurry, yet everything is accomplished.",
        "Lao-Tseu",
    ),
];

pub async fn seed(app: &App, admin: Uuid) -> anyhow::Result<()> {
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    for (fr, en, author) in QUOTES {
        let body = CitationBody {
            text_fr: (*fr).into(),
            text_en: (*en).into(),
            author: (*author).into(),
        };
        let ids = IdempotencyKey::none().ids(Some(admin));
        write(&app.command_state, &ids, actor, None, body)
            .await
            .map_err(|e| anyhow!(crate::describe(&e)))?;
    }
    Ok(())
}
