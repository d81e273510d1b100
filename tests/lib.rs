//! Workspace-level tests live in `conformance.rs`.
