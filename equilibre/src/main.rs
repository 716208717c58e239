//! `equilibre`: the one binary. `serve` runs everything in one process (the
//! embedded default); each service also runs alone for the gateway topology.
#![forbid(unsafe_code)]

use anyhow::Context;
use clap::{Parser, Subcommand};
use equilibre::{App, demo};
use platform::config::Config;

#[derive(Parser)]
#[command(
    name = "equilibre",
    about = "Equilibre wellbeing-consultation marketplace"
)]
struct Cli {
    #[command(subcommand)]
    command: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Everything in one process: API, projector, reactions, the web app.
    Serve,
    /// The command service alone (POST/PUT/PATCH/DELETE under /api).
    CommandApi,
    /// The query service alone (GET under /api).
    QueryApi,
    /// The projector and reactions worker alone; `rebuild` replays from zero.
    Projector {
        #[command(subcommand)]
        action: Option<ProjectorAction>,
    },
    /// Prints the web app's security headers (Content-Security-Policy with the
    /// hash of `index.html`'s inline style, …) as nginx `add_header` lines,
    /// for a gateway that serves the web app's files itself.
    WebHeaders,
    /// Administrator accounts.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
}

#[derive(Subcommand)]
enum ProjectorAction {
    /// Drops the read models and replays the whole event log.
    Rebuild,
}

#[derive(Subcommand)]
enum AdminAction {
    /// Creates an administrator. The password comes from
    /// EQUILIBRE_ADMIN_PASSWORD, else from the first line of standard input.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Admin")]
        given_name: String,
        #[arg(long, default_value = "Equilibre")]
        family_name: String,
    },
    /// Removes an administrator's lost second factor (app and recovery
    /// codes gone): every session ends, the next sign-in enrols again.
    ResetSecondFactor {
        #[arg(long)]
        email: String,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    platform::telemetry::init_tracing();
    let cli = Cli::parse();
    let config = Config::from_env().context("reading configuration")?;
    if let Action::WebHeaders = cli.command {
        let index = std::fs::read_to_string(config.static_dir.join("index.html")).ok();
        let headers = platform::http::SecurityHeaders::for_web(
            &config.public_url,
            index.as_deref(),
            &platform::http::ThirdParties::from_config(&config),
        );
        for (name, value) in headers.headers() {
            println!(
                "add_header {name} \"{}\" always;",
                value.to_str().unwrap_or_default()
            );
        }
        return Ok(());
    }
    let app = App::open(config).await?;
    match cli.command {
        Action::Serve => {
            if app.config.demo {
                demo::seed_if_empty(&app).await?;
            }
            app.spawn_workers();
            let router = app
                .command_router()
                .merge(app.query_router())
                .merge(app.web_router());
            app.listen(router, true).await
        }
        Action::CommandApi => {
            app.listen(
                app.command_router()
                    .fallback(equilibre::api_not_found)
                    .layer(axum::middleware::from_fn(platform::http::render_errors)),
                false,
            )
            .await
        }
        Action::QueryApi => {
            app.listen(
                app.query_router()
                    .fallback(equilibre::api_not_found)
                    .layer(axum::middleware::from_fn(platform::http::render_errors)),
                false,
            )
            .await
        }
        Action::Projector {
            action: Some(ProjectorAction::Rebuild),
        } => {
            let replayed = app.projector.rebuild().await?;
            println!("rebuilt read models from {replayed} events");
            Ok(())
        }
        Action::Projector { action: None } => {
            app.spawn_workers();
            tokio::signal::ctrl_c().await?;
            Ok(())
        }
        Action::WebHeaders => unreachable!("answered before opening the stores"),
        Action::Admin {
            action: AdminAction::ResetSecondFactor { email },
        } => match command_api::accounts::admin::reset_second_factor(&app.command_state, &email)
            .await
        {
            Ok(id) => {
                println!(
                    "second factor removed for administrator {id}; it enrols again at the next sign-in"
                );
                Ok(())
            }
            Err(error) => anyhow::bail!(
                "cannot reset the second factor: {}",
                equilibre::describe(&error)
            ),
        },
        Action::Admin {
            action:
                AdminAction::Create {
                    email,
                    given_name,
                    family_name,
                },
        } => {
            let password = match std::env::var("EQUILIBRE_ADMIN_PASSWORD") {
                Ok(p) => p,
                Err(_) => {
                    let mut line = String::new();
                    std::io::stdin().read_line(&mut line)?;
                    line.trim_end_matches(['\r', '\n']).to_owned()
                }
            };
            let new = command_api::accounts::admin::NewAdmin {
                email,
                password,
                given_name,
                family_name,
            };
            match command_api::accounts::admin::create_admin(&app.command_state, new).await {
                Ok(id) => {
                    println!("administrator created: {id}");
                    Ok(())
                }
                Err(error) => anyhow::bail!(
                    "cannot create the administrator: {}",
                    equilibre::describe(&error)
                ),
            }
        }
    }
}
