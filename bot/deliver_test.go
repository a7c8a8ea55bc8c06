package bot

import "testing"

// TestOwnedCoversAHandlerThatStartedAfterTheSnapshot: a delivery takes its
// snapshot, then reads the store. A handler that starts after the snapshot
// and commits before the read must still own its post, whether it is
// still running or already done when the delivery looks at the post; a
// handler done before the snapshot no longer owns its post.
func TestOwnedCoversAHandlerThatStartedAfterTheSnapshot(t *testing.T) {
	d := &deliverer{answering: map[string]bool{}, finished: map[string]finish{}}
	d.answer("early")() // done before the snapshot: the deliverer takes over
	running := d.answer("running")
	snap := d.answeringNow()
	late := d.answer("late") // started after the snapshot
	if !d.owned("late", snap) {
		t.Error("a handler started after the snapshot and still running does not own its post")
	}
	late()
	if !d.owned("late", snap) {
		t.Error("a handler started after the snapshot and done since does not own its post")
	}
	if !d.owned("running", snap) {
		t.Error("a handler running at the snapshot does not own its post")
	}
	running()
	if !d.owned("running", snap) {
		t.Error("a handler running at the snapshot and done since does not own its post")
	}
	if d.owned("early", snap) {
		t.Error("a handler done before the snapshot still owns its post")
	}
	if d.owned("unknown", snap) {
		t.Error("an interaction no handler of this process answered is owned")
	}
	if next := d.answeringNow(); d.owned("late", next) {
		t.Error("a later delivery still leaves the post to a finished handler")
	}
}
