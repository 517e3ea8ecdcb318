//! Progress messages for the user while a long step runs.
//!
//! In: a callback (the CLI draws a status line with it). Out: `Progress`,
//! which the stages tell what they are doing ("loop 120 of 2161",
//! "unwinding `main`: loop at line 5, pass 1200"; "solving").

/// A receiver of progress messages.
#[derive(Clone)]
pub struct Progress(std::sync::Arc<dyn Fn(&str) + Send + Sync>);

impl Progress {
    pub fn new(f: impl Fn(&str) + Send + Sync + 'static) -> Progress {
        Progress(std::sync::Arc::new(f))
    }

    pub fn tell(&self, what: &str) {
        (self.0)(what)
    }
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}
