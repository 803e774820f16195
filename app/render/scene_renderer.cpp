#include "render/scene_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "render/embedded_shaders.hpp"

namespace scanviz::render {
namespace {

// Nodes smaller than this on screen (pixels) are merged into runs; edges shorter
// than kShortEdgePx are left out (see render()).
constexpr float kTinyPx = 2.0f;
constexpr float kShortEdgePx = 4.0f;
// Edges are cut into pieces no longer than this on screen (pixels).
constexpr float kPiecePx = 192.0f;
// Edge flags (the item's last word; shaders/edges.vert reads them).
constexpr uint32_t kNoStartCap = 1u, kNoEndCap = 2u;

uint32_t bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

GLuint compile(GLenum type, const char* source, const char* name, std::string* error) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        if (error) *error = std::string("shader ") + name + " does not compile: " + log;
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

GLuint link(const char* vert, const char* frag, const char* name, std::string* error) {
    GLuint vs = compile(GL_VERTEX_SHADER, vert, name, error);
    if (!vs) return 0;
    GLuint fs = compile(GL_FRAGMENT_SHADER, frag, name, error);
    if (!fs) {
        glDeleteShader(vs);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(program, sizeof log, nullptr, log);
        if (error) *error = std::string("shader program ") + name + " does not link: " + log;
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

// The GL state render() changes, put back afterwards (the window's ImGui backend
// sets its own state each frame, but other GL code may not).
struct SavedState {
    GLint fbo = 0, viewport[4] = {}, program = 0, vao = 0, array_buffer = 0, active_texture = 0,
          texture_buffer = 0, texture_buffer_buffer = 0;
    GLboolean blend = GL_FALSE, scissor = GL_FALSE, depth = GL_FALSE, cull = GL_FALSE;
    GLint blend_src_rgb = 0, blend_dst_rgb = 0, blend_src_a = 0, blend_dst_a = 0;
    SavedState() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
        glGetIntegerv(GL_VIEWPORT, viewport);
        glGetIntegerv(GL_CURRENT_PROGRAM, &program);
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
        glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer);
        glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture);
        glActiveTexture(GL_TEXTURE0);
        glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &texture_buffer);
        glGetIntegerv(GL_TEXTURE_BUFFER, &texture_buffer_buffer);
        blend = glIsEnabled(GL_BLEND);
        scissor = glIsEnabled(GL_SCISSOR_TEST);
        depth = glIsEnabled(GL_DEPTH_TEST);
        cull = glIsEnabled(GL_CULL_FACE);
        glGetIntegerv(GL_BLEND_SRC_RGB, &blend_src_rgb);
        glGetIntegerv(GL_BLEND_DST_RGB, &blend_dst_rgb);
        glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_src_a);
        glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_dst_a);
    }
    ~SavedState() {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glUseProgram(program);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, array_buffer);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_BUFFER, texture_buffer);
        glActiveTexture(active_texture);
        glBindBuffer(GL_TEXTURE_BUFFER, texture_buffer_buffer);
        auto set = [](GLenum cap, GLboolean on) { on ? glEnable(cap) : glDisable(cap); };
        set(GL_BLEND, blend);
        set(GL_SCISSOR_TEST, scissor);
        set(GL_DEPTH_TEST, depth);
        set(GL_CULL_FACE, cull);
        glBlendFuncSeparate(blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a);
    }
};

// A 64-bit hash of everything a frame depends on (FNV-1a over 64-bit words).
uint64_t hash_bytes(uint64_t h, const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
    }
    for (; i < size; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

uint64_t frame_key(const figure::Scene& scene, const figure::Camera& camera, int width_px, int height_px) {
    uint64_t h = 0xcbf29ce484222325ull;
    // NodeInstance and EdgeInstance are plain data without padding (checked below).
    h = hash_bytes(h, scene.nodes.data(), scene.nodes.size() * sizeof(figure::NodeInstance));
    h = hash_bytes(h, scene.edges.data(), scene.edges.size() * sizeof(figure::EdgeInstance));
    const float view[] = {camera.zoom,
                          camera.pan_x,
                          camera.pan_y,
                          static_cast<float>(width_px),
                          static_cast<float>(height_px),
                          static_cast<float>(scene.nodes.size()),
                          static_cast<float>(scene.edges.size())};
    h = hash_bytes(h, view, sizeof view);
    return hash_bytes(h, &scene.background_rgba, sizeof scene.background_rgba);
}
static_assert(sizeof(figure::NodeInstance) == 12 * 4 && sizeof(figure::EdgeInstance) == 10 * 4,
              "instances must have no padding");

}  // namespace

SceneRenderer::~SceneRenderer() {
    // GL objects need the context; the owner calls shutdown() while it is current.
}

bool SceneRenderer::init(std::string* error) {
    if (initialized()) return true;
    if (!glCreateShader) {
        if (error) *error = "OpenGL is not loaded (no current context, or gladLoadGL was not called)";
        return false;
    }
    program_nodes_ = link(shaders::nodes_vert, shaders::nodes_frag, "nodes", error);
    if (!program_nodes_) return false;
    program_edges_ = link(shaders::edges_vert, shaders::edges_frag, "edges", error);
    if (!program_edges_) {
        shutdown();
        return false;
    }
    u_nodes_camera_ = glGetUniformLocation(program_nodes_, "u_camera");
    u_nodes_viewport_ = glGetUniformLocation(program_nodes_, "u_viewport");
    u_nodes_first_ = glGetUniformLocation(program_nodes_, "u_first");
    u_edges_camera_ = glGetUniformLocation(program_edges_, "u_camera");
    u_edges_viewport_ = glGetUniformLocation(program_edges_, "u_viewport");
    u_edges_first_ = glGetUniformLocation(program_edges_, "u_first");
    GLint program = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    for (GLuint p : {program_nodes_, program_edges_}) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, p == program_nodes_ ? "u_nodes" : "u_edges"),
                    0);  // texture unit 0: texture_
    }
    glUseProgram(program);

    // The vertex shaders take no attributes; core profile still wants a VAO bound to draw.
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &buffer_);
    glGenTextures(1, &texture_);
    GLint active = 0, bound = 0, buffer = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &bound);
    glGetIntegerv(GL_TEXTURE_BUFFER, &buffer);  // the buffer bound to the target (GL 3.3 name)
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
    glBufferData(GL_TEXTURE_BUFFER, 32, nullptr, GL_DYNAMIC_DRAW);
    buffer_capacity_ = 32;
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32UI, buffer_);
    glBindTexture(GL_TEXTURE_BUFFER, bound);
    glBindBuffer(GL_TEXTURE_BUFFER, buffer);
    glActiveTexture(active);
    glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels_);

    GLint max_tex = 0, max_rb = 0, max_vp[2] = {};
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_tex);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_vp);
    max_size_ = std::min({max_tex, max_rb, max_vp[0], max_vp[1]});
    if (GLenum err = glGetError(); err != GL_NO_ERROR) {
        if (error) *error = "OpenGL error " + std::to_string(err) + " while creating the renderer's buffers";
        shutdown();
        return false;
    }
    return true;
}

bool SceneRenderer::ensure_target(int width_px, int height_px) {
    if (fbo_ && fbo_w_ == width_px && fbo_h_ == height_px) return true;
    if (!fbo_) glGenFramebuffers(1, &fbo_);
    if (!color_tex_) glGenTextures(1, &color_tex_);
    GLint texture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
    glBindTexture(GL_TEXTURE_2D, color_tex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_px, height_px, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    // Drawn 1:1 on screen (the image is the canvas size): nearest is exact, and cheaper in llvmpipe.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_tex_, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fbo_w_ = fbo_h_ = 0;
        return false;
    }
    fbo_w_ = width_px;
    fbo_h_ = height_px;
    return true;
}

unsigned SceneRenderer::render(const figure::Scene& scene, const figure::Camera& camera, int width_px,
                               int height_px) {
    if (!initialized() || width_px <= 0 || height_px <= 0 || width_px > max_size_ || height_px > max_size_ ||
        !(camera.zoom > 0.0f))
        return 0;
    // The window calls render() every frame; the picture changes only when the scene
    // or the camera does. An unchanged frame costs a hash of the scene, not a redraw.
    const uint64_t key = frame_key(scene, camera, width_px, height_px);
    if (has_last_ && key == last_key_ && fbo_w_ == width_px && fbo_h_ == height_px) {
        ++stats_.frames_reused;
        return color_tex_;
    }
    SavedState saved;
    if (!ensure_target(width_px, height_px)) return 0;

    // Cull against the view (world units), with room for borders, line widths and heads.
    const float zoom = camera.zoom;
    const float x0 = camera.pan_x, y0 = camera.pan_y;
    const float x1 = camera.to_world_x(static_cast<float>(width_px));
    const float y1 = camera.to_world_y(static_cast<float>(height_px));
    // Level of detail: nodes under kTinyPx on screen that follow one another in a row
    // with the same colours and less than a pixel between them merge into one bar
    // (a 4096-slot diagram seen whole is rows of such runs; llvmpipe pays per triangle).
    node_staging_.clear();
    const float node_pad = 2.0f / zoom;
    bool merging = false;  // the last staged node is a tiny one that may grow
    for (const figure::NodeInstance& n : scene.nodes) {
        if (n.x + n.w < x0 - node_pad || n.x > x1 + node_pad || n.y + n.h < y0 - node_pad ||
            n.y > y1 + node_pad) {
            merging = false;
            continue;
        }
        const bool tiny = std::min(n.w, n.h) * zoom < kTinyPx;
        if (tiny && merging) {
            uint32_t* last = node_staging_.data() + node_staging_.size() - 8;
            float lx, ly, lw, lh;
            std::memcpy(&lx, &last[0], 4);
            std::memcpy(&ly, &last[1], 4);
            std::memcpy(&lw, &last[2], 4);
            std::memcpy(&lh, &last[3], 4);
            if (ly == n.y && lh == n.h && last[4] == n.fill_rgba && n.x >= lx &&
                (n.x - (lx + lw)) * zoom < 1.0f) {
                last[2] = bits(std::max(lw, n.x + n.w - lx));
                continue;
            }
        }
        node_staging_.insert(node_staging_.end(),
                             {bits(n.x), bits(n.y), bits(n.w), bits(n.h), n.fill_rgba, n.border_rgba,
                              bits(tiny ? 0.0f : n.border_px), bits(tiny ? 0.0f : n.radius)});
        merging = tiny;
    }
    // Edges: clipped to the view and cut into pieces of at most kPiecePx on screen.
    // llvmpipe bins a triangle by testing every tile under its bounding box, so a
    // long diagonal edge costs its bounding box, not its pixels; pieces keep the
    // boxes small. Inner cut ends carry no anti-aliased cap (flags), so the pieces
    // join without a seam. Edges shorter on screen than a head and a half draw
    // without one (one quad, not two).
    edge_staging_.clear();
    plain_staging_.clear();
    int edge_count = 0;
    for (const figure::EdgeInstance& e : scene.edges) {
        const float pad = (std::max(e.width_px, e.head_px) + 2.0f) / zoom;
        if (std::max(e.x0, e.x1) < x0 - pad || std::min(e.x0, e.x1) > x1 + pad ||
            std::max(e.y0, e.y1) < y0 - pad || std::min(e.y0, e.y1) > y1 + pad)
            continue;
        const float dx = e.x1 - e.x0, dy = e.y1 - e.y0;
        const float len_px = std::hypot(dx, dy) * zoom;
        if (len_px < kShortEdgePx) continue;  // level of detail: lies within the smear of its tiny nodes
        // Liang-Barsky: the part of the segment inside the padded view, t in [t0, t1].
        float t0 = 0.0f, t1 = 1.0f;
        const float p[4] = {-dx, dx, -dy, dy};
        const float q[4] = {e.x0 - (x0 - pad), (x1 + pad) - e.x0, e.y0 - (y0 - pad), (y1 + pad) - e.y0};
        bool outside = false;
        for (int k = 0; k < 4 && !outside; ++k) {
            if (p[k] == 0.0f) {
                outside = q[k] < 0.0f;
            } else {
                const float r = q[k] / p[k];
                if (p[k] < 0.0f)
                    t0 = std::max(t0, r);
                else
                    t1 = std::min(t1, r);
                outside = t0 > t1;
            }
        }
        if (outside) continue;
        ++edge_count;
        const bool head = e.head_px > 0.0f && len_px >= 1.5f * e.head_px && t1 >= 1.0f;
        const int pieces = std::max(1, static_cast<int>(std::ceil((t1 - t0) * len_px / kPiecePx)));
        for (int k = 0; k < pieces; ++k) {
            const float ta = t0 + (t1 - t0) * k / pieces, tb = t0 + (t1 - t0) * (k + 1) / pieces;
            const bool last = k == pieces - 1;
            const uint32_t flags = (k > 0 ? kNoStartCap : 0u) | (last ? 0u : kNoEndCap);
            auto& staging = head && last ? edge_staging_ : plain_staging_;
            staging.insert(staging.end(), {bits(e.x0 + dx * ta), bits(e.y0 + dy * ta), bits(e.x0 + dx * tb),
                                           bits(e.y0 + dy * tb), e.rgba, bits(e.width_px),
                                           bits(head && last ? e.head_px : 0.0f), flags});
        }
    }
    const size_t nodes = node_staging_.size() / 8,
                 edges = edge_staging_.size() / 8 + plain_staging_.size() / 8;
    ++stats_.frames_drawn;
    stats_.nodes_drawn = static_cast<int>(nodes);
    stats_.edges_drawn = edge_count;
    stats_.edge_pieces = static_cast<int>(edges);

    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, width_px, height_px);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    const uint32_t bg = scene.background_rgba;
    glClearColor(figure::channel(bg, 0), figure::channel(bg, 1), figure::channel(bg, 2),
                 figure::channel(bg, 3));
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

    // One upload per frame for nodes and both kinds of edges (each upload of a buffer
    // the pending frame reads can make llvmpipe finish that frame first).
    const size_t n_head = edge_staging_.size() / 8, n_plain = plain_staging_.size() / 8;
    const bool one_upload = (nodes + n_head + n_plain) * 2 <= static_cast<size_t>(max_texels_);
    glBindVertexArray(vao_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
    if (one_upload) {
        node_staging_.insert(node_staging_.end(), edge_staging_.begin(), edge_staging_.end());
        node_staging_.insert(node_staging_.end(), plain_staging_.begin(), plain_staging_.end());
        upload(node_staging_.data(), node_staging_.size() * sizeof(uint32_t));
    }
    glUseProgram(program_nodes_);
    glUniform3f(u_nodes_camera_, zoom, camera.pan_x, camera.pan_y);
    glUniform2f(u_nodes_viewport_, static_cast<float>(width_px), static_cast<float>(height_px));
    draw_items(u_nodes_first_, one_upload, 0, node_staging_.data(), nodes, 6);
    glUseProgram(program_edges_);
    glUniform3f(u_edges_camera_, zoom, camera.pan_x, camera.pan_y);
    glUniform2f(u_edges_viewport_, static_cast<float>(width_px), static_cast<float>(height_px));
    draw_items(u_edges_first_, one_upload, nodes, edge_staging_.data(), n_head, 12);
    draw_items(u_edges_first_, one_upload, nodes + n_head, plain_staging_.data(), n_plain, 6);
    last_key_ = key;
    has_last_ = true;
    return color_tex_;
}

void SceneRenderer::upload(const void* data, size_t bytes) {
    // Grow the store only when needed and update it in place otherwise: a new store
    // every frame costs the driver fresh (page-faulted) memory each time.
    if (bytes > buffer_capacity_) {
        buffer_capacity_ = std::max(bytes, buffer_capacity_ + buffer_capacity_ / 2);
        glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(buffer_capacity_), nullptr, GL_DYNAMIC_DRAW);
    }
    glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

void SceneRenderer::draw_items(int u_first, bool uploaded, size_t first, const uint32_t* data, size_t count,
                               int vertices) {
    if (count == 0) return;
    if (uploaded) {  // the items already lie in the buffer from item `first` on
        glUniform1i(u_first, static_cast<GLint>(first));
        glDrawArraysInstanced(GL_TRIANGLES, 0, vertices, static_cast<GLsizei>(count));
        return;
    }
    // More than the buffer texture holds (max_texels_, 2 texels per item): upload and draw in chunks.
    const size_t per_chunk = std::max<size_t>(1, static_cast<size_t>(max_texels_ / 2));
    glUniform1i(u_first, 0);
    for (size_t at = 0; at < count; at += per_chunk) {
        const size_t n = std::min(per_chunk, count - at);
        upload(data + at * 8, n * 8 * sizeof(uint32_t));
        glDrawArraysInstanced(GL_TRIANGLES, 0, vertices, static_cast<GLsizei>(n));
    }
}

std::vector<uint8_t> SceneRenderer::read_rgba(int& w, int& h) {
    w = fbo_w_;
    h = fbo_h_;
    std::vector<uint8_t> pixels;
    if (!fbo_ || w <= 0 || h <= 0) {
        w = h = 0;
        return pixels;
    }
    pixels.resize(static_cast<size_t>(w) * h * 4);
    GLint read_fbo = 0, pack = 4;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo);
    glGetIntegerv(GL_PACK_ALIGNMENT, &pack);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    // Row 0 of the framebuffer is the image's top row (see the vertex shaders).
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, pack);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
    return pixels;
}

void SceneRenderer::shutdown() {
    if (!glDeleteProgram) return;
    if (program_nodes_) glDeleteProgram(program_nodes_);
    if (program_edges_) glDeleteProgram(program_edges_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (buffer_) glDeleteBuffers(1, &buffer_);
    for (unsigned* t : {&texture_, &color_tex_})
        if (*t) glDeleteTextures(1, t);
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    program_nodes_ = program_edges_ = vao_ = 0;
    buffer_ = texture_ = fbo_ = color_tex_ = 0;
    buffer_capacity_ = 0;
    fbo_w_ = fbo_h_ = 0;
    has_last_ = false;
}

}  // namespace scanviz::render
