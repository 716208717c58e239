//! The accounts foundation end to end: the real app on port 0 with a fresh
//! database per test, each test run on SQLite and on PostgreSQL.

#[macro_use]
mod support;

mod admin;
mod audit;
mod blog;
mod booking;
mod booking_race;
mod booking_reads;
mod booking_support;
mod bounds;
mod client_file;
mod complaint_mails;
mod complaint_reads;
mod complaints;
mod consultant_profile;
mod contact;
mod crash;
mod dashboard;
mod deactivation;
mod directory;
mod doorbell;
mod exports;
mod figures;
mod files;
mod forget;
mod idempotency;
mod mobile_otp;
mod newsletter;
mod otp;
mod pages;
mod password_checks;
mod passwords;
mod payment_steps;
mod payments_webhook;
mod projector;
mod quotes;
mod reactions;
mod read_your_writes;
mod receipts;
mod reference;
mod room;
mod route_table;
mod second_factor;
mod sessions;
mod sign_up;
mod sign_up_refusals;
mod site;
mod starter_kit;
mod system;
mod throttling;
mod transfer;
mod usage;
mod waiting_list;
mod web_settings;
