//! The demo blog: a dozen posts in French and English
//! (`blog_posts.json`), most published over the last months, one scheduled
//! a few days ahead, some signed by demo experts; each with a drawn cover.
//! They go through the editor's commands like real posts.

use anyhow::anyhow;
use chrono::{TimeDelta, Timelike as _};
use command_api::blog::{BlogPostBody, PostTextBody, write};
use command_api::execute::Actor;
use command_api::files::upload;
use command_api::ids::IdempotencyKey;
use domain::account::Role;
use domain::blog::Author;
use domain::values::FileKind;
use serde::Deserialize;
use uuid::Uuid;

use super::avatars;
use super::directory;
use super::experts::EXPERTS;
use crate::App;

#[derive(Deserialize)]
struct DemoText {
    title: String,
    body: String,
    tags: Vec<String>,
}

#[derive(Deserialize)]
struct DemoPost {
    /// Negative: scheduled that many days ahead.
    days_ago: i64,
    /// `editorial` or `expert:{index in EXPERTS}`.
    author: String,
    cover: String,
    fr: DemoText,
    en: DemoText,
}

fn tint(name: &str) -> [u8; 3] {
    match name {
        "sage" => [0x4F, 0x7A, 0x65],
        "sand" => [0xB0, 0x8A, 0x5A],
        "sky" => [0x3F, 0x67, 0x8C],
        "rose" => [0x8E, 0x4A, 0x57],
        "ochre" => [0xB9, 0x7A, 0x2E],
        _ => [0x6B, 0x55, 0x8F],
    }
}

fn text(demo: DemoText) -> PostTextBody {
    PostTextBody {
        title: demo.title,
        slug: String::new(),
        body: demo.body,
        tags: demo.tags,
    }
}

pub async fn seed(app: &App, admin: Uuid) -> anyhow::Result<()> {
    let posts: Vec<DemoPost> = serde_json::from_str(include_str!("blog_posts.json"))?;
    let state = &app.command_state;
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    let fail = |e: command_api::error::CommandError| anyhow!(crate::describe(&e));
    let now = app.clock.now();
    let morning = now
        .with_hour(8)
        .and_then(|t| t.with_minute(30))
        .unwrap_or(now);
    for post in posts {
        let ids = IdempotencyKey::none().ids(Some(admin));
        let (cover, _) = upload(
            state,
            &ids,
            actor,
            admin,
            FileKind::BlogCover,
            avatars::cover(tint(&post.cover)),
        )
        .await
        .map_err(fail)?;
        let author = match post.author.strip_prefix("expert:") {
            Some(index) => {
                let expert = EXPERTS
                    .get(index.parse::<usize>()?)
                    .ok_or_else(|| anyhow!("no demo expert {index}"))?;
                Author::Expert {
                    consultant_id: directory::account_id(app, expert).await?,
                }
            }
            None => Author::Editorial,
        };
        let body = BlogPostBody {
            fr: text(post.fr),
            en: text(post.en),
            author,
            cover: Some(cover.key),
            publish_at: Some(morning - TimeDelta::days(post.days_ago)),
        };
        write(state, &ids, actor, admin, None, body)
            .await
            .map_err(fail)?;
    }
    Ok(())
}
