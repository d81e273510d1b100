//! `releases.toml` names a release of every library crate, the version its Cargo.toml and
//! CHANGELOG agree on, and a commit (issue 30, item 8); `scripts/release-check.sh` runs
//! cargo-semver-checks against those commits.

use std::path::Path;

/// The library crates: cards-core, every game crate of the workspace and the card room.
fn library_crates(root: &Path) -> Vec<String> {
    let mut crates: Vec<String> = std::fs::read_dir(root)
        .expect("the workspace root")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            (name.starts_with("game-") && root.join(&name).join("Cargo.toml").exists())
                .then_some(name)
        })
        .collect();
    crates.push("cards-core".to_owned());
    crates.push("cards-serve".to_owned());
    crates.sort();
    crates
}

/// `releases.toml`'s entries: (crate, version, commit), read line by line.
fn releases(text: &str) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push((name.to_owned(), String::new(), String::new()));
        } else if let Some((key, value)) = line.split_once(" = ") {
            let value = value.trim_matches('"').to_owned();
            let last = out.last_mut().expect("a key inside a table");
            match key {
                "version" => last.1 = value,
                "commit" => last.2 = value,
                _ => panic!("releases.toml: unknown key {key}"),
            }
        }
    }
    out
}

fn version_of(manifest: &str) -> &str {
    manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("a version line")
}

#[test]
fn every_library_crate_has_a_recorded_release_its_changelog_and_manifest_agree_with() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("releases.toml")).expect("releases.toml");
    let releases = releases(&text);
    let mut named: Vec<String> = releases.iter().map(|r| r.0.clone()).collect();
    named.sort();
    assert_eq!(
        named,
        library_crates(&root),
        "releases.toml lists every library crate"
    );
    for (name, version, commit) in &releases {
        assert!(
            commit.len() == 40 && commit.chars().all(|c| c.is_ascii_hexdigit()),
            "{name}: the commit is a full hash, got {commit:?}"
        );
        let manifest = std::fs::read_to_string(root.join(name).join("Cargo.toml")).unwrap();
        let now = version_of(&manifest);
        let parse = |v: &str| -> Vec<u64> { v.split('.').map(|n| n.parse().unwrap()).collect() };
        assert!(
            parse(now) >= parse(version),
            "{name}: Cargo.toml's {now} is older than its release {version}"
        );
        let changelog = std::fs::read_to_string(root.join(name).join("CHANGELOG.md")).unwrap();
        assert!(
            changelog.contains(&format!("\n## {version} (")),
            "{name}: the CHANGELOG has a dated section for its release {version}"
        );
        assert!(
            changelog.contains("\n## Unreleased"),
            "{name}: the CHANGELOG keeps an Unreleased section for what comes next"
        );
    }
}
