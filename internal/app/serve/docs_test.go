package serve

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"pokerlab/hud"
	"pokerlab/internal/app/lab"
	"pokerlab/internal/app/table"
)

// TestAPIDocumented: every route is in docs/openapi.yaml and docs/api.md,
// and every JSON field of the API's types is in both.
func TestAPIDocumented(t *testing.T) {
	spec, err := os.ReadFile("../../../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	prose, err := os.ReadFile("../../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"/healthz", "/metrics", "/api/tables", "/api/tables/{id}", "/api/tables/{id}/actions",
		"/api/tables/{id}/events", "/api/tables/{id}/hands", "/api/tables/{id}/hud", "/api/decide",
		"/api/players/{name}/hud", "/api/profiles", "/api/profiles/{name}", "/api/db/players", "/api/db/players/{name}",
		"/api/db/players/{name}/hands", "/api/db/players/{name}/graph", "/api/db/hands/{id}",
		"/api/spots", "/api/spots/{id}", "/api/spots/{id}/solve", "/api/spots/{id}/events", "/api/spots/{id}/node",
		"/api/spots/{id}/compare", "/api/spots/{id}/export", "/api/spots/{id}/toml", "/api/spots/{id}/save",
		"/api/library", "/api/library/{name}/open", "/api/ranges"} {
		if !strings.Contains(string(spec), "  "+r+":") {
			t.Errorf("openapi.yaml lacks %s", r)
		}
		if !strings.Contains(string(prose), r) {
			t.Errorf("api.md lacks %s", r)
		}
	}
	for _, v := range []any{table.State{}, table.SeatState{}, table.PotState{}, table.LegalAction{}, table.Result{},
		table.Event{}, table.SeatStart{}, table.Decision{}, CreateTableRequest{}, SeatRequest{}, CreateTableResponse{},
		ActionRequest{}, DecideRequest{}, SeatHUD{}, ProfileJSON{}, TableSummary{},
		hud.MoneyJSON{}, DBUnitsJSON{}, DBPlayerJSON{}, DBPlayersJSON{}, DBPositionJSON{}, DBHandRowJSON{}, DBHandsJSON{}, DBGraphJSON{}, DBGraphPointJSON{},
		DBSeatJSON{}, DBStepJSON{}, DBHandJSON{},
		AddSpotRequest{}, SpotList{}, CancelResponse{}, SaveRequest{}, SaveResponse{},
		lab.SpotInfo{}, lab.NashInfo{}, lab.QREInfo{}, lab.Event{}, lab.SolveRequest{}, lab.NashRequest{}, lab.QRERequest{},
		lab.NodeView{}, lab.Step{}, lab.ActionView{}, lab.RangeView{}, lab.HandView{}, lab.Cell{}, lab.Group{}, lab.CardSummary{},
		lab.Comparison{}, lab.GhostLine{}, lab.PathPoint{}, lab.LibraryEntry{}, lab.Preset{}} {
		ty := reflect.TypeOf(v)
		for i := range ty.NumField() {
			tag, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			if tag == "" || tag == "-" {
				continue
			}
			if !strings.Contains(string(spec), tag+":") && ty != reflect.TypeOf(TableSummary{}) && ty != reflect.TypeOf(SeatHUD{}) || !strings.Contains(string(prose), tag) {
				t.Errorf("%s.%s (%q) is not documented in openapi.yaml and api.md", ty.Name(), ty.Field(i).Name, tag)
			}
		}
	}
}
