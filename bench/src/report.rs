//! The printed table: one row per measurement as soon as it is taken, the
//! budget verdicts again at the end.

use std::time::Duration;

use crate::runs::Measure;

#[derive(Clone, Copy)]
pub enum Verdict {
    Met,
    Missed,
}

impl From<bool> for Verdict {
    fn from(met: bool) -> Self {
        if met { Verdict::Met } else { Verdict::Missed }
    }
}

#[derive(Default)]
pub struct Report {
    text: String,
    verdicts: Vec<String>,
}

impl Report {
    pub fn line(&mut self, line: String) {
        println!("{line}");
        self.text.push_str(&line);
        self.text.push('\n');
    }

    pub fn header(&mut self) {
        self.line(format!(
            "{:<9} {:<36} {:>8} {:>7} {:>10} {:>8} {:>8}  {}",
            "backend", "measurement", "count", "secs", "per sec", "p50 ms", "p99 ms", "notes"
        ));
        self.line("-".repeat(120));
    }

    pub fn measure(&mut self, backend: &str, what: &str, m: &Measure, notes: String) {
        self.row(
            backend,
            what,
            m.count,
            m.elapsed,
            m.rate(),
            m.quantile_ms(0.5),
            m.quantile_ms(0.99),
            notes,
        );
    }

    #[allow(clippy::too_many_arguments)]
    pub fn row(
        &mut self,
        backend: &str,
        what: &str,
        count: u64,
        elapsed: Duration,
        rate: f64,
        p50: Option<f64>,
        p99: Option<f64>,
        notes: String,
    ) {
        let ms = |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.2}"));
        self.line(format!(
            "{backend:<9} {what:<36} {count:>8} {:>7.2} {rate:>10.0} {:>8} {:>8}  {notes}",
            elapsed.as_secs_f64(),
            ms(p50),
            ms(p99),
        ));
    }

    pub fn verdict(
        &mut self,
        backend: &str,
        what: &str,
        value: String,
        budget: String,
        verdict: Verdict,
    ) {
        let mark = match verdict {
            Verdict::Met => "MET",
            Verdict::Missed => "MISSED",
        };
        let line = format!("{backend:<9} {what:<36} {value:>8}  budget {budget}: {mark}");
        self.line(line.clone());
        self.verdicts.push(line);
    }

    pub fn summary(&mut self) {
        if self.verdicts.is_empty() {
            return;
        }
        self.line(String::new());
        self.line("Budgets:".into());
        for v in self.verdicts.clone() {
            self.line(format!("  {v}"));
        }
    }

    pub fn write_to(&self, path: &str) -> std::io::Result<()> {
        if let Some(parent) = std::path::Path::new(path).parent()
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, &self.text)
    }
}
