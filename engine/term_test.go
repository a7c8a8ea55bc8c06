package engine

import (
	"regexp"
	"strings"
	"testing"
)

// TestTermTable: every term has a key of its own ("category.name") and
// English of its own.
func TestTermTable(t *testing.T) {
	key := regexp.MustCompile(`^(colour|piece|shape|request)\.[a-z_]+$`)
	keys, words := map[string]Term{}, map[string]Term{}
	for tm := Term(1); tm < NumTerms; tm++ {
		if !key.MatchString(tm.Key()) {
			t.Errorf("term %d has the key %q", tm, tm.Key())
		}
		if tm.String() == "" || strings.Contains(tm.String(), "%") {
			t.Errorf("term %d has the English %q", tm, tm.String())
		}
		if prev, ok := keys[tm.Key()]; ok {
			t.Errorf("terms %d and %d share the key %q", prev, tm, tm.Key())
		}
		if prev, ok := words[tm.String()]; ok {
			t.Errorf("terms %d and %d share the English %q", prev, tm, tm.String())
		}
		keys[tm.Key()], words[tm.String()] = tm, tm
	}
	if got := Term(200).String(); got != "term(200)" {
		t.Errorf("an unknown term reads %q", got)
	}
}
