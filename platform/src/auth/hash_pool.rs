//! Where password hashes run: a few dedicated threads (one per core) fed by
//! a bounded queue (one pool per server, in its state), so a burst of sign-ins waits its turn instead of running
//! hundreds of 19 MiB argon2 computations at once, and memory returns after
//! it (each thread's allocator arena keeps at most one hash's worth). When
//! the queue is full the caller is told at once ([`AuthError::Busy`], a 503
//! with `Retry-After`) rather than left to time out.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, Once, PoisonError};

use tokio::sync::oneshot;

use super::AuthError;

/// Hashes waiting for a thread, beyond those running (ordinary peaks wait).
pub const QUEUE: usize = 64;

type Job = Box<dyn FnOnce() + Send>;

/// Threads that run hashes, with their bounded queue.
pub struct HashPool {
    sender: SyncSender<Job>,
    receiver: Arc<Mutex<Receiver<Job>>>,
    threads: usize,
    /// The threads start with the first hash (most servers of a test run
    /// never hash).
    started: Once,
    /// Hashes queued or running, for the operators' figures.
    pending: Arc<AtomicUsize>,
}

impl Default for HashPool {
    /// One thread per core, [`QUEUE`] waiting.
    fn default() -> Self {
        Self::new(
            std::thread::available_parallelism().map_or(2, usize::from),
            QUEUE,
        )
    }
}

impl HashPool {
    /// `threads` threads (named `password-hash-{n}`), `queue` jobs waiting at
    /// most; the threads end when the pool is dropped.
    pub fn new(threads: usize, queue: usize) -> Self {
        let (sender, receiver) = sync_channel::<Job>(queue);
        Self {
            sender,
            receiver: Arc::new(Mutex::new(receiver)),
            threads: threads.max(1),
            started: Once::new(),
            pending: Arc::new(AtomicUsize::new(0)),
        }
    }

    fn start(&self) {
        self.started.call_once(|| {
            for n in 0..self.threads {
                let receiver = Arc::clone(&self.receiver);
                std::thread::Builder::new()
                    .name(format!("password-hash-{n}"))
                    .spawn(move || work(&receiver))
                    .expect("a password-hashing thread starts");
            }
        });
    }

    /// Hashes queued or running now.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// Runs `hash` on one of the pool's threads; [`AuthError::Busy`] when
    /// the queue is full. A caller that went away before its turn costs
    /// nothing.
    pub async fn run<T: Send + 'static>(
        &self,
        hash: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AuthError> {
        self.start();
        let (reply, answer) = oneshot::channel();
        let pending = Arc::clone(&self.pending);
        pending.fetch_add(1, Ordering::Relaxed);
        let job: Job = Box::new(move || {
            let result = (!reply.is_closed()).then(hash);
            pending.fetch_sub(1, Ordering::Relaxed);
            if let Some(result) = result {
                let _ = reply.send(result);
            }
        });
        match self.sender.try_send(job) {
            Ok(()) => answer.await.map_err(|_| AuthError::Task),
            Err(error) => {
                self.pending.fetch_sub(1, Ordering::Relaxed);
                Err(match error {
                    TrySendError::Full(_) => AuthError::Busy,
                    TrySendError::Disconnected(_) => AuthError::Task,
                })
            }
        }
    }
}

fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_refuses_at_once_and_the_queued_work_still_completes() {
        let (threads, queue) = (2, 3);
        let pool = Arc::new(HashPool::new(threads, queue));
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        let (started, running) = std::sync::mpsc::channel::<()>();
        let submit = |n: usize, waiting: &mut Vec<_>| {
            for _ in 0..n {
                let (pool, gate, started) = (Arc::clone(&pool), Arc::clone(&gate), started.clone());
                waiting.push(tokio::spawn(async move {
                    pool.run(move || {
                        let _ = started.send(());
                        let _ = gate.lock().unwrap().recv();
                        7
                    })
                    .await
                }));
            }
        };
        // Occupy every thread, then fill the queue behind them.
        let mut waiting = Vec::new();
        submit(threads, &mut waiting);
        for _ in 0..threads {
            running.recv_timeout(Duration::from_secs(5)).unwrap();
        }
        submit(queue, &mut waiting);
        let deadline = Instant::now() + Duration::from_secs(5);
        while pool.pending() < threads + queue && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.pending(), threads + queue);
        assert!(matches!(pool.run(|| 1).await, Err(AuthError::Busy)));
        for _ in 0..threads + queue {
            release.send(()).unwrap();
        }
        for job in waiting {
            assert_eq!(job.await.unwrap().unwrap(), 7);
        }
        assert_eq!(pool.run(|| 3).await.unwrap(), 3);
        assert_eq!(pool.pending(), 0);
    }
}
