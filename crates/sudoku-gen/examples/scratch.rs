use std::time::Instant;
use sudoku_core::Variant;
use sudoku_gen::*;
fn main() {
    let n = 3000;
    let mut rng = rng_for(1, 1);
    let t = Instant::now();
    let grids: Vec<_> = (0..n)
        .map(|_| random_solution(Variant::Standard, &mut rng))
        .collect();
    eprintln!("grid {:?}", t.elapsed() / n);
    let t = Instant::now();
    let mut k = 0;
    for g in &grids {
        k += unavoidable_sets(g, Variant::Standard, 8).len();
    }
    eprintln!("sets8 {:?} avg {}", t.elapsed() / n, k as f64 / n as f64);
    let t = Instant::now();
    let mut k = 0;
    for g in &grids {
        k += unavoidable_sets(g, Variant::Standard, 4).len();
    }
    eprintln!("sets4 {:?} avg {}", t.elapsed() / n, k as f64 / n as f64);
    let g = Generator::new(Request {
        minimal: true,
        ..Request::default()
    })
    .unwrap();
    let mut tally = Tally::default();
    let t = Instant::now();
    for i in 0..n {
        g.generate(&mut rng_for(3, i as u64), &mut tally, &|| false);
    }
    eprintln!("minimal {:?} {:?}", t.elapsed() / n, tally);
}
