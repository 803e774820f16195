#include "scene_canvas.hpp"

#include <algorithm>
#include <cmath>

namespace scanviz::ui {

namespace {
constexpr float kMinLabelPx = 6.0f;  // smaller text is unreadable: not drawn
constexpr float kMaxZoom = 64.0f;
}  // namespace

bool SceneCanvas::init(std::string* error) { return renderer_.init(error); }

void SceneCanvas::zoom_by(float factor) {
    // Applied in Draw, after a pending fit and once the image has its size.
    pending_zoom_ *= factor;
    dirty_ = true;
}

void SceneCanvas::show_slot(const figure::Scene& scene, int slot) {
    for (const figure::NodeInstance& n : scene.nodes) {
        if (n.slot != slot) continue;
        camera_.pan_x = n.x + n.w * 0.5f - image_size_.x * 0.5f / camera_.zoom;
        auto_fit_ = false;
        dirty_ = true;
        return;
    }
}

CellRect SceneCanvas::rect_of(const figure::NodeInstance& node) const {
    CellRect r;
    r.x0 = image_min_.x + camera_.to_px_x(node.x);
    r.y0 = image_min_.y + camera_.to_px_y(node.y);
    r.x1 = image_min_.x + camera_.to_px_x(node.x + node.w);
    r.y1 = image_min_.y + camera_.to_px_y(node.y + node.h);
    r.visible = r.x1 > image_min_.x && r.y1 > image_min_.y && r.x0 < image_min_.x + image_size_.x &&
                r.y0 < image_min_.y + image_size_.y;
    r.x0 = std::max(r.x0, image_min_.x);
    r.y0 = std::max(r.y0, image_min_.y);
    r.x1 = std::min(r.x1, image_min_.x + image_size_.x);
    r.y1 = std::min(r.y1, image_min_.y + image_size_.y);
    return r;
}

int SceneCanvas::Draw(const char* id, const figure::Scene& scene, bool scene_changed, ImVec2 size,
                      ImFont* label_font, ImFont* label_font_large) {
    const int w = std::max(1, static_cast<int>(size.x));
    const int h = std::max(1, static_cast<int>(size.y));
    if (w != tex_w_ || h != tex_h_ || scene_changed) dirty_ = true;
    const float min_zoom = figure::legible_zoom(style_);
    if (auto_fit_ && dirty_) camera_ = figure::legible_camera(scene, style_, w, h, focus_);
    if (pending_zoom_ != 1.0f) {
        const float z = std::clamp(camera_.zoom * pending_zoom_, min_zoom, kMaxZoom);
        camera_.zoom_at(z / camera_.zoom, w * 0.5f, h * 0.5f);
        pending_zoom_ = 1.0f;
        auto_fit_ = false;
    }

    image_min_ = ImGui::GetCursorScreenPos();
    image_size_ = ImVec2(static_cast<float>(w), static_cast<float>(h));

    // Interaction first, so the image drawn this frame already shows it.
    ImGui::InvisibleButton(id, image_size_,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    const ImGuiIO& io = ImGui::GetIO();
    int clicked = -1;
    if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
        const float factor = std::pow(1.2f, io.MouseWheel);
        const float z = std::clamp(camera_.zoom * factor, min_zoom, kMaxZoom);
        camera_.zoom_at(z / camera_.zoom, io.MousePos.x - image_min_.x, io.MousePos.y - image_min_.y);
        auto_fit_ = false;
        dirty_ = true;
    }
    if (ImGui::IsItemActive() && (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f) ||
                                  ImGui::IsMouseDragging(ImGuiMouseButton_Right, 1.0f))) {
        if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) {
            camera_.pan_x -= io.MouseDelta.x / camera_.zoom;
            camera_.pan_y -= io.MouseDelta.y / camera_.zoom;
            auto_fit_ = false;
            dirty_ = true;
        }
    }
    if (ImGui::IsItemDeactivated() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f) {
        const float wx = camera_.to_world_x(io.MousePos.x - image_min_.x);
        const float wy = camera_.to_world_y(io.MousePos.y - image_min_.y);
        clicked = figure::hit_test(scene, wx, wy);
    }

    if (dirty_ || texture_ == 0) {
        texture_ = renderer_.render(scene, camera_, w, h);
        tex_w_ = w;
        tex_h_ = h;
        dirty_ = false;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (texture_ != 0) {
        dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture_)), image_min_,
                     ImVec2(image_min_.x + image_size_.x, image_min_.y + image_size_.y));
    }

    // Labels: culled to the image, skipped when too small to read. Row names and column
    // headers (pinned) stay at the image's left and top edges on a backing of the scene's ground.
    labels_drawn_ = 0;
    text_px_.assign(scene.nodes.size(), 0.0f);
    const ImVec2 clip_max(image_min_.x + image_size_.x, image_min_.y + image_size_.y);
    dl->PushClipRect(image_min_, clip_max, true);
    const ImU32 backing = (scene.background_rgba & 0x00ffffffu) | 0xf0000000u;
    // Two passes: the picture's own labels, then the pinned ones over them.
    for (int pass = 0; pass < 2; ++pass)
        for (const figure::TextLabel& label : scene.labels) {
            if ((label.pin != figure::TextLabel::None) != (pass == 1)) continue;
            const float px = label.size * camera_.zoom;
            if (px < kMinLabelPx) continue;
            float x = image_min_.x + camera_.to_px_x(label.x);
            float y = image_min_.y + camera_.to_px_y(label.y);
            // A row name moved to the edge keeps its short form (what precedes ':'), so it covers
            // as little of the picture as it can.
            size_t length = label.text.size();
            if (label.pin == figure::TextLabel::Left && x < image_min_.x + 4.0f) {
                x = image_min_.x + 4.0f;
                length = std::min(length, label.text.find(':'));
            }
            if (label.pin == figure::TextLabel::Top) y = std::max(y, image_min_.y + px * 0.6f);
            const float reach = px * static_cast<float>(length);
            if (x > clip_max.x + reach || y > clip_max.y + px || x < image_min_.x - reach ||
                y < image_min_.y - px)
                continue;
            ImFont* font =
                (px > 1.3f * label_font->FontSize && label_font_large) ? label_font_large : label_font;
            const char* begin = label.text.c_str();
            const char* end = begin + length;
            const ImVec2 ts = font->CalcTextSizeA(px, 1e9f, 0.0f, begin, end);
            if (label.centered) {
                x -= ts.x * 0.5f;
                y -= ts.y * 0.5f;
            } else if (label.right) {
                x -= ts.x;
            }
            if (label.pin != figure::TextLabel::None)
                dl->AddRectFilled(ImVec2(x - 2, y - 1), ImVec2(x + ts.x + 2, y + ts.y + 1), backing, 3.0f);
            dl->AddText(font, px, ImVec2(std::floor(x), std::floor(y)), label.rgba, begin, end);
            ++labels_drawn_;
            if (label.node >= 0 && static_cast<size_t>(label.node) < text_px_.size() && x >= image_min_.x &&
                y >= image_min_.y && x + ts.x <= clip_max.x && y + ts.y <= clip_max.y)
                text_px_[static_cast<size_t>(label.node)] = px;
        }
    // The slots on screen (the overview strip frames them).
    visible_first_ = visible_end_ = 0;
    bool any = false;
    const float wx0 = camera_.to_world_x(0), wx1 = camera_.to_world_x(image_size_.x);
    const float wy0 = camera_.to_world_y(0), wy1 = camera_.to_world_y(image_size_.y);
    for (const figure::NodeInstance& n : scene.nodes) {
        if (n.slot < 0 || n.x + n.w <= wx0 || n.x >= wx1 || n.y + n.h <= wy0 || n.y >= wy1) continue;
        if (!any) {
            visible_first_ = n.slot;
            visible_end_ = n.slot + 1;
            any = true;
        }
        visible_first_ = std::min(visible_first_, n.slot);
        visible_end_ = std::max(visible_end_, n.slot + 1);
    }
    dl->PopClipRect();
    return clicked;
}

}  // namespace scanviz::ui
