//! Complaint mails (docs/complaints.md), each in its recipient's own
//! language (the account's language of correspondence):
//!
//! | event | to |
//! |---|---|
//! | `ComplaintFiled` | the author (acknowledgement), every administrator, the respondent |
//! | `InformationRequested` | the party asked, with the question |
//! | `InformationProvided`, `StatementSubmitted` | every administrator (no text) |
//! | `ComplaintDecided` | both parties, with the favour and the resolution |
//! | `ComplaintDismissed` | both parties, with the reason |
//! | `ComplaintWithdrawn` | the respondent and every administrator (no text) |
//!
//! A mail carries only what its recipient may read on the complaint page:
//! the subject (both parties and administrators read it), the question
//! addressed to that very party, the resolution or reason (both read them);
//! never an answer or a statement, never anyone's contact details.
//!
//! Administrators are the active admin accounts of `rm_accounts`, read once
//! the read models cover the event. Each mail's effect id derives from the
//! event and the recipient, so a restart or a second worker never sends it
//! twice.

use domain::account::PayloadRef;
use domain::codec;
use domain::complaint::{self, ComplaintEvent, ComplaintRole, Favour, InfoParty};
use platform::mail::{
    ComplaintAuthor, ComplaintFacts, ComplaintFavour, ComplaintMailKind, Mail, complaint_mail,
    local_time,
};
use serde_json::Value;
use store::{RecordedEvent, StreamId};
use uuid::Uuid;

use super::booking_messages::{Party, party};
use super::{EFFECTS, ReactionError, Reactor};

/// What every mail of a complaint needs from its filing.
struct Filing {
    complaint_id: Uuid,
    author_id: Uuid,
    author_role: ComplaintRole,
    respondent: Option<(Uuid, ComplaintRole)>,
    booking_start: Option<chrono::DateTime<chrono::Utc>>,
    text: PayloadRef,
}

/// One mail to some parties of the complaint (with the area of each),
/// quoting the stored text they may read.
struct PartyMail<'a> {
    kind: ComplaintMailKind,
    to: Vec<(Uuid, ComplaintRole)>,
    text: Option<&'a PayloadRef>,
}

impl<'a> PartyMail<'a> {
    fn new(
        kind: ComplaintMailKind,
        to: impl IntoIterator<Item = (Uuid, ComplaintRole)>,
        text: Option<&'a PayloadRef>,
    ) -> Self {
        PartyMail {
            kind,
            to: to.into_iter().collect(),
            text,
        }
    }
}

/// One recipient: a party of the complaint (with the role of its area) or
/// an administrator.
struct Recipient {
    id: Uuid,
    party: Party,
    /// `client` or `consultant` for a party; `None` for an administrator.
    area: Option<ComplaintRole>,
}

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != complaint::CATEGORY {
        return Ok(());
    }
    let decoded: ComplaintEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let Some(filing) = filing(reactor, &event.stream).await? else {
        return Ok(());
    };
    let author = || (filing.author_id, filing.author_role);
    let mut sends: Vec<PartyMail> = Vec::new();
    let mut admins_kind = None;
    let mut favour = None;
    let mut refund = None;
    match &decoded {
        ComplaintEvent::ComplaintFiled { .. } => {
            sends.push(PartyMail::new(ComplaintMailKind::Filed, [author()], None));
            if let Some(respondent) = filing.respondent {
                sends.push(PartyMail::new(
                    ComplaintMailKind::FiledAgainstYou,
                    [respondent],
                    None,
                ));
            }
            admins_kind = Some(ComplaintMailKind::FiledForAdmins);
        }
        ComplaintEvent::InformationRequested {
            party: asked,
            party_id,
            text,
            ..
        } => {
            let role = match asked {
                InfoParty::Complainant => Some(filing.author_role),
                InfoParty::Respondent => filing.respondent.map(|(_, role)| role),
            };
            if let Some(role) = role {
                sends.push(PartyMail::new(
                    ComplaintMailKind::InformationRequested,
                    [(*party_id, role)],
                    Some(text),
                ));
            }
        }
        ComplaintEvent::InformationProvided { .. } => {
            admins_kind = Some(ComplaintMailKind::InformationProvided);
        }
        ComplaintEvent::StatementSubmitted { .. } => {
            admins_kind = Some(ComplaintMailKind::StatementSubmitted);
        }
        ComplaintEvent::ComplaintDecided {
            favour: decided,
            resolution,
            refund: money,
            ..
        } => {
            favour = Some(*decided);
            refund = money.map(|m| m.to_string());
            let both = std::iter::once(author()).chain(filing.respondent);
            sends.push(PartyMail::new(
                ComplaintMailKind::Decided,
                both,
                Some(resolution),
            ));
        }
        ComplaintEvent::ComplaintDismissed { reason, .. } => {
            let both = std::iter::once(author()).chain(filing.respondent);
            sends.push(PartyMail::new(
                ComplaintMailKind::Dismissed,
                both,
                Some(reason),
            ));
        }
        ComplaintEvent::ComplaintWithdrawn { .. } => {
            if let Some(respondent) = filing.respondent {
                sends.push(PartyMail::new(
                    ComplaintMailKind::Withdrawn,
                    [respondent],
                    None,
                ));
            }
            admins_kind = Some(ComplaintMailKind::WithdrawnForAdmins);
        }
        ComplaintEvent::ComplaintReviewStarted { .. } => {}
    }
    if sends.is_empty() && admins_kind.is_none() {
        return Ok(());
    }
    let admins = match admins_kind {
        Some(_) => super::shared::administrators(reactor, event).await?,
        None => Vec::new(),
    };

    let subject = payload_field(reactor, &filing.text, "subject")
        .await?
        .unwrap_or_else(|| "[erased]".to_owned());
    let author_name = party(reactor, filing.author_role.as_str(), filing.author_id)
        .await?
        .name;
    for PartyMail { kind, to, text } in sends {
        let text = match text {
            Some(reference) => {
                let field = match kind {
                    ComplaintMailKind::Decided => "resolution",
                    ComplaintMailKind::Dismissed => "reason",
                    _ => "text",
                };
                payload_field(reactor, reference, field).await?
            }
            None => None,
        };
        for (id, role) in to {
            let recipient = Recipient {
                id,
                party: party(reactor, role.as_str(), id).await?,
                area: Some(role),
            };
            let favour = favour.map(|f| relative(f, id == filing.author_id));
            let facts = facts(reactor, &filing, &recipient, &subject, &author_name);
            let facts = ComplaintFacts {
                text: text.clone(),
                favour,
                refund: refund.clone(),
                ..facts
            };
            send(reactor, event, kind, &recipient, &facts).await?;
        }
    }
    if let Some(kind) = admins_kind {
        for id in admins {
            let recipient = Recipient {
                id,
                party: party(reactor, "admin", id).await?,
                area: None,
            };
            let facts = facts(reactor, &filing, &recipient, &subject, &author_name);
            send(reactor, event, kind, &recipient, &facts).await?;
        }
    }
    Ok(())
}

/// The favour as the recipient reads it.
fn relative(favour: Favour, is_author: bool) -> ComplaintFavour {
    match (favour, is_author) {
        (Favour::Neither, _) => ComplaintFavour::Neither,
        (Favour::Complainant, true) | (Favour::Respondent, false) => ComplaintFavour::Yours,
        (Favour::Complainant, false) | (Favour::Respondent, true) => ComplaintFavour::NotYours,
    }
}

fn facts(
    reactor: &Reactor,
    filing: &Filing,
    to: &Recipient,
    subject: &str,
    author_name: &str,
) -> ComplaintFacts {
    let base = reactor.public_url.trim_end_matches('/');
    let link = match to.area {
        Some(role) => format!("{base}/{}/complaint/{}", role.as_str(), filing.complaint_id),
        None => format!("{base}/admin/edit-complaint/{}", filing.complaint_id),
    };
    ComplaintFacts {
        subject: subject.to_owned(),
        author: match filing.author_role {
            ComplaintRole::Client => ComplaintAuthor::Client,
            ComplaintRole::Consultant => ComplaintAuthor::Consultant,
        },
        author_name: Some(author_name.to_owned()),
        booking_when: filing
            .booking_start
            .map(|start| local_time(to.party.lang, start, to.party.zone)),
        text: None,
        favour: None,
        refund: None,
        link,
    }
}

/// The complaint's filing, from the first event of its stream.
async fn filing(reactor: &Reactor, stream: &StreamId) -> Result<Option<Filing>, ReactionError> {
    let events = reactor.stores.events.read_stream(stream).await?;
    let Some(first) = events.first() else {
        return Ok(None);
    };
    let decoded: ComplaintEvent =
        codec::decode(&first.event_type, first.schema_version, &first.payload)
            .map_err(|e| ReactionError::Unreadable(first.event_id, e.to_string()))?;
    let ComplaintEvent::ComplaintFiled {
        complaint_id,
        author_id,
        author_role,
        respondent_id,
        respondent_role,
        booking_start,
        text,
        ..
    } = decoded
    else {
        return Ok(None);
    };
    Ok(Some(Filing {
        complaint_id,
        author_id,
        author_role,
        respondent: respondent_id.zip(respondent_role),
        booking_start,
        text,
    }))
}

/// One field of a stored text (a bare string, or `field` or `text` of an
/// object); `None` once erased.
async fn payload_field(
    reactor: &Reactor,
    reference: &PayloadRef,
    field: &str,
) -> Result<Option<String>, ReactionError> {
    let raw = reactor
        .stores
        .events
        .payload(reference.subject, &reference.key)
        .await?;
    Ok(
        raw.and_then(|raw| match serde_json::from_str::<Value>(&raw) {
            Ok(Value::String(text)) => Some(text),
            Ok(Value::Object(fields)) => fields
                .get(field)
                .or_else(|| fields.get("text"))
                .and_then(Value::as_str)
                .map(str::to_owned),
            _ => None,
        }),
    )
}

/// Sends one mail once per event and recipient (skipped when done, or when
/// the recipient was forgotten).
async fn send(
    reactor: &Reactor,
    event: &RecordedEvent,
    kind: ComplaintMailKind,
    to: &Recipient,
    facts: &ComplaintFacts,
) -> Result<(), ReactionError> {
    let Some(address) = &to.party.email else {
        return Ok(());
    };
    let effect_id = Uuid::new_v5(
        &EFFECTS,
        format!("complaint mail {} {}", event.event_id, to.id).as_bytes(),
    );
    if reactor.stores.reactor.effect_done(effect_id).await? {
        return Ok(());
    }
    let (subject, text, html) = complaint_mail(to.party.lang, kind, facts);
    reactor
        .mailer
        .send(Mail {
            to: address.clone(),
            subject,
            text,
            html: Some(html),
            attachments: Vec::new(),
        })
        .await?;
    reactor
        .stores
        .reactor
        .record_effect(effect_id, reactor.clock.now())
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_party_reads_the_favour_from_its_own_side() {
        use ComplaintFavour::{Neither, NotYours, Yours};
        let cases = [
            (Favour::Complainant, true, Yours),
            (Favour::Complainant, false, NotYours),
            (Favour::Respondent, true, NotYours),
            (Favour::Respondent, false, Yours),
            (Favour::Neither, true, Neither),
            (Favour::Neither, false, Neither),
        ];
        for (favour, is_author, expected) in cases {
            assert_eq!(
                relative(favour, is_author),
                expected,
                "{favour:?} {is_author}"
            );
        }
    }
}
