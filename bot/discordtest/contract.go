package discordtest

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specRelPath is where Discord's OpenAPI spec lives, relative to the module root.
const specRelPath = "../shared/discord-api-spec/openapi.json"

// contract checks request bodies against Discord's OpenAPI spec.
type contract struct {
	path string
}

// defaultSpecPath finds the spec from the module root (the nearest go.mod up from
// the working directory, which is the package directory under go test).
func defaultSpecPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Clean(filepath.Join(dir, specRelPath)), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory, so no spec to check against")
		}
		dir = parent
	}
}

// available reports why the spec cannot be used, if it cannot.
func (c *contract) available() error {
	if _, err := os.Stat(c.path); err != nil {
		return fmt.Errorf("Discord's OpenAPI spec is not at %s: %w", c.path, err)
	}
	return nil
}

// checkContract reports (through the test) a request body that breaks the spec.
func (dc *Discord) checkContract(method, route string, body []byte) {
	if dc.contract == nil || len(body) == 0 {
		return
	}
	if err := dc.contract.validate(method, route, body); err != nil {
		dc.tb.Errorf("discordtest: %s /api/v10%s breaks Discord's API contract: %v", method, route, err)
	}
}

// validate checks body against the request schema of the operation method+route.
func (c *contract) validate(method, route string, body []byte) error {
	sp, err := loadSpec(c.path)
	if err != nil {
		return err
	}
	sch, err := sp.schema(method, route)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("body is not JSON: %w", err)
	}
	if err := sch.Validate(v); err != nil {
		return err
	}
	return nil
}

// spec is a parsed OpenAPI document with its compiled request schemas. The
// document is 1.2 MB, so each spec file is parsed once per process and its
// schemas compiled lazily: the cache below is package-level on purpose, shared
// by every fake of the test binary.
type spec struct {
	url   string
	doc   map[string]any
	mu    sync.Mutex // guards compiler (not safe for concurrent use) and compiled
	comp  *jsonschema.Compiler
	cache map[string]*jsonschema.Schema
}

var specCache struct {
	mu    sync.Mutex
	specs map[string]*spec
}

func loadSpec(path string) (*spec, error) {
	specCache.mu.Lock()
	defer specCache.mu.Unlock()
	if sp := specCache.specs[path]; sp != nil {
		return sp, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening the API spec: %w", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("reading the API spec %s: %w", path, err)
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the API spec %s is not a JSON object", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	if err := comp.AddResource(u, m); err != nil {
		return nil, fmt.Errorf("loading the API spec: %w", err)
	}
	sp := &spec{url: u, doc: m, comp: comp, cache: map[string]*jsonschema.Schema{}}
	if specCache.specs == nil {
		specCache.specs = map[string]*spec{}
	}
	specCache.specs[path] = sp
	return sp, nil
}

// schema compiles (once) the JSON request-body schema of an operation.
func (sp *spec) schema(method, route string) (*jsonschema.Schema, error) {
	key := method + " " + route
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if s := sp.cache[key]; s != nil {
		return s, nil
	}
	paths, _ := sp.doc["paths"].(map[string]any)
	item, _ := paths[route].(map[string]any)
	if item == nil {
		return nil, fmt.Errorf("the spec has no path %s", route)
	}
	op, _ := item[strings.ToLower(method)].(map[string]any)
	if op == nil {
		return nil, fmt.Errorf("the spec has no operation %s %s", method, route)
	}
	rb, _ := op["requestBody"].(map[string]any)
	content, _ := rb["content"].(map[string]any)
	if _, ok := content["application/json"]; !ok {
		return nil, fmt.Errorf("the spec says %s %s takes no JSON body", method, route)
	}
	ptr := []string{"paths", route, strings.ToLower(method), "requestBody", "content", "application/json", "schema"}
	for i, tok := range ptr {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
		ptr[i] = url.PathEscape(tok)
	}
	s, err := sp.comp.Compile(sp.url + "#/" + strings.Join(ptr, "/"))
	if err != nil {
		return nil, fmt.Errorf("compiling the spec's schema for %s %s: %w", method, route, err)
	}
	sp.cache[key] = s
	return s, nil
}
