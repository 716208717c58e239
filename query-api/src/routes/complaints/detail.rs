//! One complaint in full: the row, then what `rm_complaint_items` holds,
//! with every text read from the forgettable store now (`[erased]` once its
//! subject is forgotten). A party sees the information requests addressed
//! to it only; the booking's money is for administrators.

use platform::lang::Lang;
use projector::projections::ERASED;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use super::rows::{ComplaintRecord, ComplaintRow, SELECT, Standing, Viewer};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::bookings::rows::AmountView;

#[derive(Debug, Serialize, ToSchema)]
pub struct Attachment {
    /// Served by `GET /api/{area}/complaints/{id}/files/{key}`.
    pub key: String,
    pub name: String,
    pub content_type: String,
    pub size: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Statement {
    pub text: String,
    pub at: String,
    pub attachments: Vec<Attachment>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Answer {
    pub text: String,
    pub at: String,
    pub attachments: Vec<Attachment>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InformationRequest {
    pub id: String,
    /// `complainant` or `respondent`.
    pub party: String,
    pub text: String,
    pub asked_at: String,
    pub answer: Option<Answer>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Decision {
    pub favour: String,
    pub resolution: String,
    pub refund: Option<AmountView>,
    pub suspend_consultant: bool,
    pub at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Dismissal {
    pub reason: String,
    pub at: String,
}

/// What the caller may do now.
#[derive(Debug, Serialize, ToSchema)]
pub struct Can {
    pub withdraw: bool,
    pub statement: bool,
    /// The open information request addressed to the caller, if any.
    pub answer_request_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ComplaintDetail {
    #[serde(flatten)]
    pub row: ComplaintRow,
    pub description: String,
    pub attachments: Vec<Attachment>,
    pub statement: Option<Statement>,
    pub information_requests: Vec<InformationRequest>,
    pub decision: Option<Decision>,
    pub dismissal: Option<Dismissal>,
    /// Administrators only (`null` for parties).
    pub booking_total: Option<AmountView>,
    /// Administrators only (`null` for parties).
    pub booking_refunded: Option<AmountView>,
    pub can: Can,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ItemRecord {
    pub seq: i64,
    pub kind: String,
    pub request_id: Option<String>,
    pub party: Option<String>,
    pub party_id: Option<String>,
    pub ref_subject: Option<String>,
    pub ref_key: Option<String>,
    pub file_key: Option<String>,
    pub content_type: Option<String>,
    pub size: Option<i64>,
    pub at: String,
}

impl ItemRecord {
    fn attachment(&self) -> Option<Attachment> {
        let key = self.file_key.clone()?;
        Some(Attachment {
            name: key.rsplit('/').next().unwrap_or("file").to_owned(),
            key,
            content_type: self.content_type.clone().unwrap_or_default(),
            size: self.size.unwrap_or_default(),
        })
    }
}

/// The complaint `id` if `viewer` is one of its parties or an administrator.
pub async fn record(
    state: &QueryState,
    viewer: Viewer,
    id: &str,
) -> Result<(ComplaintRecord, Standing), QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let record: ComplaintRecord =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE c.id = $1")))
            .bind(id.to_string())
            .fetch_optional(&state.read.pool)
            .await?
            .ok_or(QueryError::NotFound)?;
    let standing = record.standing(viewer).ok_or(QueryError::NotFound)?;
    Ok((record, standing))
}

/// Every item of the complaint, in order.
pub async fn items(state: &QueryState, id: &str) -> Result<Vec<ItemRecord>, QueryError> {
    Ok(sqlx::query_as(
        "SELECT seq, kind, request_id, party, party_id, ref_subject, ref_key, file_key, content_type, size, at
         FROM rm_complaint_items WHERE complaint_id = $1 ORDER BY seq",
    )
    .bind(id)
    .fetch_all(&state.read.pool)
    .await?)
}

/// The items `standing` may see: requests (and their answers) addressed to
/// a party are that party's only.
pub fn visible(items: Vec<ItemRecord>, standing: Standing, caller: Uuid) -> Vec<ItemRecord> {
    if standing == Standing::Admin {
        return items;
    }
    let caller = caller.to_string();
    let mine: Vec<String> = items
        .iter()
        .filter(|i| i.kind == "request" && i.party_id.as_deref() == Some(caller.as_str()))
        .filter_map(|i| i.request_id.clone())
        .collect();
    items
        .into_iter()
        .filter(|i| match i.request_id.as_deref() {
            Some(request) => mine.iter().any(|m| m == request),
            None => true,
        })
        .collect()
}

/// A stored text: the payload's `text` (or `description`), `[erased]` when gone.
fn text(raw: Option<&Option<String>>, field: &str) -> String {
    let Some(Some(raw)) = raw else {
        return ERASED.to_owned();
    };
    match serde_json::from_str::<Value>(raw) {
        Ok(Value::String(text)) => text,
        Ok(Value::Object(fields)) => fields
            .get(field)
            .or_else(|| fields.get("text"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => raw.clone(),
    }
}

pub async fn detail(
    state: &QueryState,
    record: ComplaintRecord,
    standing: Standing,
    viewer: Viewer,
    lang: Lang,
) -> Result<ComplaintDetail, QueryError> {
    let caller = match viewer {
        Viewer::Party(id) => id,
        Viewer::Admin => Uuid::nil(),
    };
    let items = visible(items(state, &record.id).await?, standing, caller);
    // Every text in one store call: the description first, then the items'.
    let mut refs: Vec<(Uuid, String)> = Vec::new();
    if let Ok(subject) = record.text_subject.parse() {
        refs.push((subject, record.text_key.clone()));
    }
    let mut item_refs: Vec<Option<usize>> = Vec::with_capacity(items.len());
    for item in &items {
        let reference = item
            .ref_subject
            .as_deref()
            .and_then(|s| s.parse::<Uuid>().ok())
            .zip(item.ref_key.clone());
        item_refs.push(reference.map(|r| {
            refs.push(r);
            refs.len() - 1
        }));
    }
    let texts = state.stores.events.payloads(&refs).await?;
    let item_text =
        |index: usize, field: &str| text(item_refs[index].and_then(|i| texts.get(i)), field);

    let mut attachments = Vec::new();
    let mut statement: Option<Statement> = None;
    let mut requests: Vec<InformationRequest> = Vec::new();
    let mut decision = None;
    let mut dismissal = None;
    for (index, item) in items.iter().enumerate() {
        match item.kind.as_str() {
            "attachment" => attachments.extend(item.attachment()),
            "statement" => {
                statement = Some(Statement {
                    text: item_text(index, "text"),
                    at: item.at.clone(),
                    attachments: Vec::new(),
                });
            }
            "statement_attachment" => {
                if let Some(statement) = statement.as_mut() {
                    statement.attachments.extend(item.attachment());
                }
            }
            "request" => requests.push(InformationRequest {
                id: item.request_id.clone().unwrap_or_default(),
                party: item.party.clone().unwrap_or_default(),
                text: item_text(index, "text"),
                asked_at: item.at.clone(),
                answer: None,
            }),
            "answer" | "answer_attachment" => {
                let Some(request) = requests
                    .iter_mut()
                    .find(|r| Some(r.id.as_str()) == item.request_id.as_deref())
                else {
                    continue;
                };
                if item.kind == "answer" {
                    request.answer = Some(Answer {
                        text: item_text(index, "text"),
                        at: item.at.clone(),
                        attachments: Vec::new(),
                    });
                } else if let Some(answer) = request.answer.as_mut() {
                    answer.attachments.extend(item.attachment());
                }
            }
            "resolution" => {
                decision = Some(Decision {
                    favour: record.favour.clone().unwrap_or_default(),
                    resolution: item_text(index, "resolution"),
                    refund: record.refund(),
                    suspend_consultant: record.suspend_consultant != 0,
                    at: item.at.clone(),
                });
            }
            "dismissal" => {
                dismissal = Some(Dismissal {
                    reason: item_text(index, "reason"),
                    at: item.at.clone(),
                });
            }
            _ => {}
        }
    }
    let description = text(
        record.text_subject.parse::<Uuid>().ok().and(texts.first()),
        "description",
    );
    let open = record.is_open();
    let can = Can {
        withdraw: open && standing == Standing::Author,
        statement: open && standing == Standing::Respondent && statement.is_none(),
        answer_request_id: match standing {
            Standing::Admin => None,
            _ if !open => None,
            // The oldest unanswered one, as the domain answers it.
            _ => requests
                .iter()
                .find(|r| r.answer.is_none())
                .map(|r| r.id.clone()),
        },
    };
    let (booking_total, booking_refunded) = match (standing, record.booking_id.as_deref()) {
        (Standing::Admin, Some(booking)) => booking_money(state, booking).await?,
        _ => (None, None),
    };
    Ok(ComplaintDetail {
        row: record.row(viewer, lang),
        description,
        attachments,
        statement,
        information_requests: requests,
        decision,
        dismissal,
        booking_total,
        booking_refunded,
        can,
    })
}

#[derive(sqlx::FromRow)]
struct BookingMoney {
    total_minor: i64,
    refund_minor: Option<i64>,
    currency: String,
}

async fn booking_money(
    state: &QueryState,
    booking: &str,
) -> Result<(Option<AmountView>, Option<AmountView>), QueryError> {
    let money: Option<BookingMoney> =
        sqlx::query_as("SELECT total_minor, refund_minor, currency FROM rm_bookings WHERE id = $1")
            .bind(booking)
            .fetch_optional(&state.read.pool)
            .await?;
    Ok(match money {
        Some(m) => (
            Some(AmountView {
                amount_minor: m.total_minor,
                currency: m.currency.clone(),
            }),
            m.refund_minor.map(|amount_minor| AmountView {
                amount_minor,
                currency: m.currency,
            }),
        ),
        None => (None, None),
    })
}
