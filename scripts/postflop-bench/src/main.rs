// postflop-bench: runs b-inary/postflop-solver on a spot given as key=value
// arguments, for pokerlab's side-by-side comparison (docs/benchmarks.md) and
// for the golden action trees of spot/testdata/postflop/.
//
//   postflop-bench tree  board=Td9d6hQc pot=200 stack=900 oop=... ip=... bet="60%, a" raise=2.5x ...
//   postflop-bench solve <same keys> target=0.41 iterations=1000
//
// Keys: board, pot, stack, oop, ip, bet, raise (every street and player),
// flop_bet, flop_raise, turn_bet, turn_raise, river_bet, river_raise (one
// street), turn_donk, river_donk, add_allin, force_allin, merging (default
// 0), rake, rake_cap, target (% of the pot, default 0.5), iterations
// (default 1000), every (exploitability check period, default 10), compress
// (1: postflop-solver's 16-bit storage; default 0).
//
// `tree` prints one line per decision node of the action tree: the path in
// pokerlab's node notation (f, x, c, b120, r300, a900; "*" for a card), a tab
// and the node's actions. `solve` runs postflop-solver's DCFR exactly as its
// `solve` function does (an exploitability check every 10 iterations; one
// thread, or RAYON_NUM_THREADS in the rayon build) and prints one JSON object.
use postflop_solver::*;
use std::collections::HashMap;
use std::time::Instant;

fn act(a: &Action) -> String {
    match a {
        Action::Fold => "f".into(),
        Action::Check => "x".into(),
        Action::Call => "c".into(),
        Action::Bet(n) => format!("b{n}"),
        Action::Raise(n) => format!("r{n}"),
        Action::AllIn(n) => format!("a{n}"),
        _ => "?".into(),
    }
}

fn dump(tree: &mut ActionTree, path: &mut Vec<String>, out: &mut String) {
    if tree.is_terminal_node() {
        return;
    }
    let actions = tree.available_actions().to_vec();
    if actions.is_empty() {
        return;
    }
    let list: Vec<String> = actions.iter().map(act).collect();
    out.push_str(&format!("{}\t{}\n", path.join(" "), list.join(" ")));
    for a in actions {
        tree.play(a).unwrap();
        path.push(act(&a));
        let chance = tree.is_chance_node();
        if chance {
            path.push("*".into());
        }
        dump(tree, path, out);
        if chance {
            path.pop();
        }
        path.pop();
        tree.undo().unwrap();
    }
}

fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines() {
        if let Some(v) = line.strip_prefix("VmHWM:") {
            return v.trim().trim_end_matches(" kB").trim().parse().unwrap_or(0);
        }
    }
    0
}

/// CPU time (user + system) of this process in seconds, from /proc/self/stat
/// (clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    if f.len() < 13 {
        return 0.0;
    }
    let ticks: f64 = f[11].parse::<f64>().unwrap_or(0.0) + f[12].parse::<f64>().unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 {
        eprintln!("usage: postflop-bench tree|solve key=value ...");
        std::process::exit(2);
    }
    let mode = args[1].clone();
    let mut kv: HashMap<String, String> = HashMap::new();
    for a in &args[2..] {
        let (k, v) = a.split_once('=').expect("key=value");
        kv.insert(k.to_string(), v.to_string());
    }
    let get = |k: &str, d: &str| kv.get(k).cloned().unwrap_or_else(|| d.to_string());
    let f = |k: &str, d: f64| kv.get(k).map(|v| v.parse::<f64>().unwrap()).unwrap_or(d);

    let board = get("board", "");
    let flop = flop_from_str(&board[0..6]).unwrap();
    let turn = if board.len() >= 8 { card_from_str(&board[6..8]).unwrap() } else { NOT_DEALT };
    let river = if board.len() >= 10 { card_from_str(&board[8..10]).unwrap() } else { NOT_DEALT };
    let state = match board.len() {
        6 => BoardState::Flop,
        8 => BoardState::Turn,
        _ => BoardState::River,
    };
    let sizes = |street: &str| {
        let bet = get(&format!("{street}_bet"), &get("bet", ""));
        let raise = get(&format!("{street}_raise"), &get("raise", ""));
        let s = BetSizeOptions::try_from((bet.as_str(), raise.as_str())).unwrap();
        [s.clone(), s]
    };
    let donk = |street: &str| kv.get(&format!("{street}_donk")).map(|d| DonkSizeOptions::try_from(d.as_str()).unwrap());
    let pot = get("pot", "0").parse::<i32>().unwrap();
    let tree_config = TreeConfig {
        initial_state: state,
        starting_pot: pot,
        effective_stack: get("stack", "0").parse().unwrap(),
        rake_rate: f("rake", 0.0),
        rake_cap: f("rake_cap", 0.0),
        flop_bet_sizes: sizes("flop"),
        turn_bet_sizes: sizes("turn"),
        river_bet_sizes: sizes("river"),
        turn_donk_sizes: donk("turn"),
        river_donk_sizes: donk("river"),
        add_allin_threshold: f("add_allin", 0.0),
        force_allin_threshold: f("force_allin", 0.0),
        merging_threshold: f("merging", 0.0),
    };
    let mut tree = ActionTree::new(tree_config).unwrap();
    if mode == "tree" {
        let mut out = String::new();
        dump(&mut tree, &mut Vec::new(), &mut out);
        print!("{out}");
        return;
    }

    let t0 = Instant::now();
    let card_config = CardConfig {
        range: [get("oop", "").parse().unwrap(), get("ip", "").parse().unwrap()],
        flop,
        turn,
        river,
    };
    let mut game = PostFlopGame::with_config(card_config, tree).unwrap();
    let compress = f("compress", 0.0) != 0.0;
    let (mem_full, mem_compressed) = game.memory_usage();
    let mem = if compress { mem_compressed } else { mem_full };
    game.allocate_memory(compress);
    let build = t0.elapsed().as_secs_f64();

    let target = f("target", 0.5) / 100.0 * pot as f64;
    let max_iter = f("iterations", 1000.0) as u32;
    let every = f("every", 10.0) as u32;
    let t1 = Instant::now();
    let c1 = cpu_seconds();
    let mut expl = compute_exploitability(&game);
    let mut iters = 0;
    for t in 0..max_iter {
        if expl as f64 <= target {
            break;
        }
        solve_step(&game, t);
        iters = t + 1;
        if (t + 1) % every == 0 || t + 1 == max_iter {
            expl = compute_exploitability(&game);
        }
    }
    finalize(&mut game);
    let solve = t1.elapsed().as_secs_f64();
    let solve_cpu = cpu_seconds() - c1;
    let ev = compute_current_ev(&game);
    let expl_final = compute_exploitability(&game);
    let half = pot as f64 / 2.0;
    println!(
        "{{\"iterations\":{},\"exploitability\":{},\"exploitability_pct\":{},\"value_oop\":{},\"value_ip\":{},\"build_seconds\":{:.4},\"solve_seconds\":{:.4},\"solve_cpu_seconds\":{:.2},\"memory_estimate_bytes\":{},\"peak_rss_kib\":{}}}",
        iters,
        expl_final,
        expl_final as f64 / pot as f64 * 100.0,
        half + ev[0] as f64,
        half + ev[1] as f64,
        build,
        solve,
        solve_cpu,
        mem,
        peak_rss_kib()
    );
}
