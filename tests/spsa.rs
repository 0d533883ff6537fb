//! `menagerie spsa` from the command line: a short run prints its values
//! and an engines.ini line, the seed fixes them, and bad input is refused
//! before a game is played. Tiny node limits keep it to seconds.

mod common;

fn run(args: &[&str]) -> (i32, String, String) {
    common::menagerie(&[&["spsa"], args].concat())
}

fn openings(v: &str) -> String {
    format!("{}/openings/{v}.txt", env!("CARGO_MANIFEST_DIR"))
}

/// The values after the run: the `done` line without its time.
fn final_values(stdout: &str) -> String {
    let done = stdout
        .lines()
        .find(|l| l.starts_with("done after "))
        .unwrap_or_else(|| panic!("no done line in {stdout}"));
    done.split_once(": ").unwrap().1.to_string()
}

#[test]
fn a_short_run_reports_and_is_fixed_by_its_seed() {
    for v in ["trebuqi", "bandit"] {
        let book = openings(v);
        let args = [
            v,
            "--param",
            "rfp_margin",
            "--param",
            "lmp_base=4:1.5",
            "--pairs",
            "20",
            "--nodes",
            "60",
            "--threads",
            "2",
            "--r-end",
            "0.05",
            "--report",
            "16",
            "--openings",
            &book,
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{v}: {err}");
        assert!(out.contains("lmp_base from 4 (range"), "{v}: {out}");
        // Pairs are applied in batches of 16: the report comes at the end
        // of the batch that reaches a multiple of --report.
        let reports: Vec<&str> = out.lines().filter(|l| l.starts_with("pairs ")).collect();
        assert_eq!(reports.len(), 1, "{v}: {out}");
        assert!(reports[0].starts_with("pairs 16/20 ("), "{v}: {out}");
        let options = out
            .lines()
            .find(|l| l.starts_with("engines.ini: options = rfp_margin="))
            .unwrap_or_else(|| panic!("{v}: {out}"));
        assert!(options.contains(", lmp_base="), "{options}");
        let (_, again, _) = run(&args);
        assert_eq!(final_values(&out), final_values(&again), "{v}");
    }
}

/// Each bad input: exit status 2, one `error:` line, nothing played.
#[test]
fn bad_input_exits_2_before_playing() {
    let book = openings("chess");
    let o = book.as_str();
    let cases: [(&[&str], &str); 9] = [
        (
            &["nosuch", "--param", "rfp_margin"],
            "unknown variant 'nosuch'",
        ),
        (
            &["chess", "--param", "no_such_knob"],
            "no search parameter no_such_knob",
        ),
        (
            &["chess", "--param", "rfp_margin=x"],
            "bad --param 'rfp_margin=x'",
        ),
        (
            &["chess", "--param", "rfp_margin", "--param", "rfp_margin"],
            "given twice",
        ),
        (
            &["chess", "--param", "rfp_margin=5"],
            "rfp_margin must start in 10..=400",
        ),
        (&["chess", "--param", "rfp_margin:-1"], "positive"),
        (
            &["chess", "--param", "rfp_margin", "--pairs", "0"],
            "bad --pairs '0'",
        ),
        (
            &["chess", "--param", "rfp_margin", "--r-end", "0"],
            "bad --r-end '0'",
        ),
        (
            &[
                "chess",
                "--param",
                "rfp_margin",
                "--openings",
                "/no/such/file",
            ],
            "cannot read openings file",
        ),
    ];
    for (args, expected) in cases {
        // The required flags, unless the case gives its own.
        let all = ["--pairs", "2", "--nodes", "50", "--openings", o];
        let mut line: Vec<&str> = args.to_vec();
        for pair in all.chunks(2) {
            if !args.contains(&pair[0]) {
                line.extend_from_slice(pair);
            }
        }
        let (code, stdout, stderr) = run(&line);
        assert_eq!(code, 2, "{line:?}: {stderr}");
        assert!(stdout.is_empty(), "{line:?}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{line:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{line:?}: {stderr}");
        assert!(stderr.contains(expected), "{line:?}: {stderr}");
    }
}
