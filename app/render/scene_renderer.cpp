#include "render/scene_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "render/embedded_shaders.hpp"

namespace scanviz::render {
namespace {

// Instance layouts as the shaders read them (attribute locations 1..4).
struct GpuNode {
    float rect[4];
    uint32_t fill, border;
    float border_px, radius;
};
struct GpuEdge {
    float line[4];
    uint32_t rgba;
    float width_px, head_px;
};

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

void float_attrib(GLuint loc, int size, GLsizei stride, size_t offset) {
    glEnableVertexAttribArray(loc);
    glVertexAttribPointer(loc, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(loc, 1);
}
void colour_attrib(GLuint loc, GLsizei stride, size_t offset) {
    glEnableVertexAttribArray(loc);
    glVertexAttribPointer(loc, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(loc, 1);
}

// The GL state render() changes, put back afterwards (the window's ImGui backend
// sets its own state each frame, but other GL code may not).
struct SavedState {
    GLint fbo = 0, viewport[4] = {}, program = 0, vao = 0, array_buffer = 0;
    GLboolean blend = GL_FALSE, scissor = GL_FALSE, depth = GL_FALSE, cull = GL_FALSE;
    GLint blend_src_rgb = 0, blend_dst_rgb = 0, blend_src_a = 0, blend_dst_a = 0;
    SavedState() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
        glGetIntegerv(GL_VIEWPORT, viewport);
        glGetIntegerv(GL_CURRENT_PROGRAM, &program);
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
        glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer);
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
        auto set = [](GLenum cap, GLboolean on) { on ? glEnable(cap) : glDisable(cap); };
        set(GL_BLEND, blend);
        set(GL_SCISSOR_TEST, scissor);
        set(GL_DEPTH_TEST, depth);
        set(GL_CULL_FACE, cull);
        glBlendFuncSeparate(blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a);
    }
};

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
    u_edges_camera_ = glGetUniformLocation(program_edges_, "u_camera");
    u_edges_viewport_ = glGetUniformLocation(program_edges_, "u_viewport");

    GLint vao = 0, array_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer);

    const float quad[] = {0, 0, 1, 0, 0, 1, 1, 1};  // triangle strip
    glGenBuffers(1, &quad_vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glGenBuffers(1, &node_vbo_);
    glGenBuffers(1, &edge_vbo_);

    auto corner_attrib = [&] {
        glBindBuffer(GL_ARRAY_BUFFER, quad_vbo_);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    };
    glGenVertexArrays(1, &vao_nodes_);
    glBindVertexArray(vao_nodes_);
    corner_attrib();
    glBindBuffer(GL_ARRAY_BUFFER, node_vbo_);
    float_attrib(1, 4, sizeof(GpuNode), offsetof(GpuNode, rect));
    colour_attrib(2, sizeof(GpuNode), offsetof(GpuNode, fill));
    colour_attrib(3, sizeof(GpuNode), offsetof(GpuNode, border));
    float_attrib(4, 2, sizeof(GpuNode), offsetof(GpuNode, border_px));

    glGenVertexArrays(1, &vao_edges_);
    glBindVertexArray(vao_edges_);
    corner_attrib();
    glBindBuffer(GL_ARRAY_BUFFER, edge_vbo_);
    float_attrib(1, 4, sizeof(GpuEdge), offsetof(GpuEdge, line));
    colour_attrib(2, sizeof(GpuEdge), offsetof(GpuEdge, rgba));
    float_attrib(3, 2, sizeof(GpuEdge), offsetof(GpuEdge, width_px));

    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, array_buffer);

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
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
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

unsigned SceneRenderer::render(const Scene& scene, const Camera& camera, int width_px, int height_px) {
    if (!initialized() || width_px <= 0 || height_px <= 0 || width_px > max_size_ || height_px > max_size_ ||
        !(camera.zoom > 0.0f))
        return 0;
    SavedState saved;
    if (!ensure_target(width_px, height_px)) return 0;

    // Cull against the view (world units), with room for borders, line widths and heads.
    const float zoom = camera.zoom;
    const float x0 = camera.pan_x, y0 = camera.pan_y;
    const float x1 = camera.to_world_x(static_cast<float>(width_px));
    const float y1 = camera.to_world_y(static_cast<float>(height_px));
    node_staging_.resize(scene.nodes.size() * sizeof(GpuNode));
    size_t nodes = 0;
    const float node_pad = 2.0f / zoom;
    for (const NodeInstance& n : scene.nodes) {
        if (n.x + n.w < x0 - node_pad || n.x > x1 + node_pad || n.y + n.h < y0 - node_pad || n.y > y1 + node_pad)
            continue;
        GpuNode g{{n.x, n.y, n.w, n.h}, n.fill_rgba, n.border_rgba, n.border_px, n.radius};
        std::memcpy(node_staging_.data() + nodes++ * sizeof(GpuNode), &g, sizeof g);
    }
    edge_staging_.resize(scene.edges.size() * sizeof(GpuEdge));
    size_t edges = 0;
    for (const EdgeInstance& e : scene.edges) {
        const float pad = (std::max(e.width_px, e.head_px) + 2.0f) / zoom;
        if (std::max(e.x0, e.x1) < x0 - pad || std::min(e.x0, e.x1) > x1 + pad || std::max(e.y0, e.y1) < y0 - pad ||
            std::min(e.y0, e.y1) > y1 + pad)
            continue;
        GpuEdge g{{e.x0, e.y0, e.x1, e.y1}, e.rgba, e.width_px, e.head_px};
        std::memcpy(edge_staging_.data() + edges++ * sizeof(GpuEdge), &g, sizeof g);
    }
    stats_.nodes_drawn = static_cast<int>(nodes);
    stats_.edges_drawn = static_cast<int>(edges);

    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, width_px, height_px);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    const uint32_t bg = scene.background_rgba;
    glClearColor(channel(bg, 0), channel(bg, 1), channel(bg, 2), channel(bg, 3));
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

    if (nodes > 0) {
        glUseProgram(program_nodes_);
        glUniform3f(u_nodes_camera_, zoom, camera.pan_x, camera.pan_y);
        glUniform2f(u_nodes_viewport_, static_cast<float>(width_px), static_cast<float>(height_px));
        glBindVertexArray(vao_nodes_);
        glBindBuffer(GL_ARRAY_BUFFER, node_vbo_);
        glBufferData(GL_ARRAY_BUFFER, nodes * sizeof(GpuNode), node_staging_.data(), GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(nodes));
    }
    if (edges > 0) {
        glUseProgram(program_edges_);
        glUniform3f(u_edges_camera_, zoom, camera.pan_x, camera.pan_y);
        glUniform2f(u_edges_viewport_, static_cast<float>(width_px), static_cast<float>(height_px));
        glBindVertexArray(vao_edges_);
        glBindBuffer(GL_ARRAY_BUFFER, edge_vbo_);
        glBufferData(GL_ARRAY_BUFFER, edges * sizeof(GpuEdge), edge_staging_.data(), GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(edges));
    }
    return color_tex_;
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
    if (vao_nodes_) glDeleteVertexArrays(1, &vao_nodes_);
    if (vao_edges_) glDeleteVertexArrays(1, &vao_edges_);
    for (unsigned* b : {&quad_vbo_, &node_vbo_, &edge_vbo_})
        if (*b) glDeleteBuffers(1, b);
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    if (color_tex_) glDeleteTextures(1, &color_tex_);
    program_nodes_ = program_edges_ = vao_nodes_ = vao_edges_ = 0;
    quad_vbo_ = node_vbo_ = edge_vbo_ = fbo_ = color_tex_ = 0;
    fbo_w_ = fbo_h_ = 0;
}

}  // namespace scanviz::render
